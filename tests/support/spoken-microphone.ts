/**
 * A page's microphone that says what the test wants, a turn at a time, and what the page hears
 * back: an init script answers `getUserMedia` with a track from an `AudioContext` →
 * `MediaStreamDestination`, into which `sayInto` plays an espeak-ng WAV and resolves when it has
 * ended. Between turns the track carries silence, as a quiet room does. The same script keeps the
 * page's WebRTC traffic in view: every remote track (for `remoteLevel`, the page's analyser on the
 * reader's or BMO's voice) and every event on the `oai-events` data channel, both ways.
 *
 * Every word the agent hears comes out of this track: the recognizer hears it as it would hear a
 * person, and no transcript is handed to anything.
 */
import type { Page } from '@playwright/test';

/** Installs the spoken microphone and the watch on WebRTC; call before the page loads. */
export async function useSpokenMicrophone(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const context = new AudioContext();
    const destination = context.createMediaStreamDestination();
    const tracks: MediaStreamTrack[] = [];
    const streams: MediaStream[] = [];
    const events: { at: number; from: 'page' | 'agent'; event: unknown }[] = [];
    const record = (from: 'page' | 'agent', data: unknown) => {
      if (typeof data !== 'string') return;
      try {
        events.push({ at: Date.now(), from, event: JSON.parse(data) as unknown });
      } catch {
        // not JSON: not an event
      }
    };
    Reflect.set(window, '__remoteTracks', tracks);
    Reflect.set(window, '__remoteStreams', streams);
    Reflect.set(window, '__channelEvents', events);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      if (!constraints?.audio) throw new DOMException('Only a microphone here.', 'NotFoundError');
      await context.resume();
      const [track] = destination.stream.getAudioTracks();
      if (!track) throw new DOMException('No microphone track.', 'NotReadableError');
      return new MediaStream([track.clone()]);
    };
    /** Plays a WAV (base64) into the microphone; resolves with the epoch ms its sound ended. */
    Reflect.set(window, '__say', async (base64: string): Promise<number> => {
      await context.resume();
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const buffer = await context.decodeAudioData(bytes.buffer);
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(destination);
      const ended = new Promise<void>((resolve) => (source.onended = () => resolve()));
      source.start();
      await ended;
      return Date.now();
    });
    const Original = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        this.addEventListener('track', (event) => {
          tracks.push(event.track);
          streams.push(...event.streams);
        });
      }
      override createDataChannel(label: string, init?: RTCDataChannelInit): RTCDataChannel {
        const channel = super.createDataChannel(label, init);
        if (label === 'oai-events') {
          const send = channel.send.bind(channel);
          channel.send = (data: string & ArrayBuffer & Blob & ArrayBufferView<ArrayBuffer>) => {
            record('page', data);
            send(data);
          };
          channel.addEventListener('message', (event) => record('agent', event.data));
        }
        return channel;
      }
    };
  });
}

/** Says `wav` into the page's microphone; resolves with the epoch ms when its sound ended. */
export function sayInto(page: Page, wav: Buffer): Promise<number> {
  return page.evaluate((base64) => {
    const say: unknown = Reflect.get(window, '__say');
    if (typeof say !== 'function') throw new Error('useSpokenMicrophone was not installed');
    return (say as (audio: string) => Promise<number>)(base64);
  }, wav.toString('base64'));
}

/** The `oai-events` traffic so far: the page's events and the agent's, in order. */
export function channelEvents(
  page: Page,
): Promise<{ at: number; from: 'page' | 'agent'; event: Record<string, unknown> }[]> {
  return page.evaluate(
    () =>
      Reflect.get(window, '__channelEvents') as {
        at: number;
        from: 'page' | 'agent';
        event: Record<string, unknown>;
      }[],
  );
}

/** The loudest level (0…1) the page's analyser reads on the newest remote track over `ms`. */
export function remoteLevel(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (duration) => {
    const tracks: unknown = Reflect.get(window, '__remoteTracks');
    const track = Array.isArray(tracks) ? (tracks as MediaStreamTrack[]).at(-1) : undefined;
    if (!track) return -1;
    const stream = new MediaStream([track]);
    // Chromium feeds a remote track to Web Audio only while a media element plays it too.
    const sink = new Audio();
    sink.muted = true;
    sink.srcObject = stream;
    await sink.play();
    const context = new AudioContext();
    await context.resume();
    const analyser = context.createAnalyser();
    context.createMediaStreamSource(stream).connect(analyser);
    const data = new Float32Array(analyser.fftSize);
    let loudest = 0;
    const until = performance.now() + duration;
    while (performance.now() < until) {
      analyser.getFloatTimeDomainData(data);
      for (const value of data) loudest = Math.max(loudest, Math.abs(value));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await context.close();
    sink.srcObject = null;
    return loudest;
  }, ms);
}
