/**
 * A WebRTC client in Node for the voice peer's tests: what a browser's `OpenAIRealtimeWebRTC`
 * does on the wire (an `oai-events` data channel, a microphone track, an offer posted with a
 * bearer), with a microphone it can make speak or fall silent and an ear on the peer's track.
 */
import wrtc from '@roamhq/wrtc';
import type { RTCAudioData } from '@roamhq/wrtc/types/nonstandard';
import { FRAME_SAMPLES, TRACK_RATE, isVoiced, tone } from '../../../voice-peer/audio.ts';

const { RTCPeerConnection, nonstandard } = wrtc;

export interface TestCall {
  callId: string;
  events: { type: string; [key: string]: unknown }[];
  send(event: object): void;
  /** The microphone speaks (a tone) or sends silence. */
  talk(on: boolean): void;
  /** How many 10 ms frames with sound arrived on the peer's track. */
  voicedFramesHeard(): number;
  waitFor(type: string, timeoutMs?: number): Promise<{ type: string; [key: string]: unknown }>;
  close(): void;
}

/** Posts an offer as the edge's forwarder does: multipart `sdp` and `session`, with a bearer. */
export function postToPeer(
  url: string,
  authorization: string,
  session: object | undefined,
): (offer: string) => Promise<Response> {
  return (offer) => {
    const form = new FormData();
    form.set('sdp', offer);
    if (session) form.set('session', JSON.stringify(session));
    return fetch(`${url}/realtime/calls`, {
      method: 'POST',
      headers: { Authorization: authorization },
      body: form,
    });
  };
}

/** Posts an offer as the page's SDK does: application/sdp, with a bearer. */
export function postSdp(
  send: (request: Request) => Response | Promise<Response>,
  url: string,
  authorization: string,
): (offer: string) => Promise<Response> {
  return async (offer) =>
    send(
      new Request(url, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/sdp' },
        body: offer,
      }),
    );
}

export async function callPeer(
  post: (offer: string) => Promise<Response>,
): Promise<TestCall | { status: number; body: string }> {
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = pc.createDataChannel('oai-events');
  const source = new nonstandard.RTCAudioSource();
  pc.addTrack(source.createTrack());
  const events: TestCall['events'] = [];
  const waiters = new Set<() => void>();
  channel.onmessage = ({ data }) => {
    if (typeof data !== 'string') return;
    events.push(JSON.parse(data) as TestCall['events'][number]);
    for (const wake of waiters) wake();
  };
  let talking = false;
  let voicedHeard = 0;
  const voice = tone(1000);
  let at = 0;
  const mic = setInterval(() => {
    for (let i = 0; i < 2; i += 1) {
      let frame = new Int16Array(FRAME_SAMPLES);
      if (talking) {
        frame = voice.slice(at, at + FRAME_SAMPLES);
        at = (at + FRAME_SAMPLES) % (voice.length - FRAME_SAMPLES);
      }
      source.onData({ samples: frame, sampleRate: TRACK_RATE, channelCount: 1 });
    }
  }, 20);
  const sinks: { stop(): void }[] = [];
  pc.ontrack = ({ track }) => {
    const sink = new nonstandard.RTCAudioSink(track);
    sink.ondata = (data: RTCAudioData) => {
      if (isVoiced(data.samples)) voicedHeard += 1;
    };
    sinks.push(sink);
  };
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    pc.onicegatheringstatechange = () => {
      if (pc.iceGatheringState === 'complete') resolve();
    };
  });
  const offer = pc.localDescription?.sdp ?? '';
  const response = await post(offer);
  const close = () => {
    clearInterval(mic);
    for (const sink of sinks) sink.stop();
    pc.close();
  };
  if (response.status !== 201) {
    close();
    return { status: response.status, body: await response.text() };
  }
  await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
  const callId = (response.headers.get('location') ?? '').split('/').pop() ?? '';
  const waitFor: TestCall['waitFor'] = (type, timeoutMs = 20_000) =>
    new Promise((resolve, reject) => {
      let seen = 0;
      const check = () => {
        for (; seen < events.length; seen += 1) {
          const event = events[seen];
          if (event?.type === type) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(event);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `No ${type} within ${timeoutMs} ms; saw ${events.map((e) => e.type).join(', ')}`,
          ),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    callId,
    events,
    send: (event) => channel.send(JSON.stringify(event)),
    talk: (on) => {
      talking = on;
    },
    voicedFramesHeard: () => voicedHeard,
    waitFor,
    close,
  };
}
