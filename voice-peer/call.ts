/**
 * One call: a WebRTC peer answering the page's offer, the offline reader behind its `oai-events`
 * data channel, the microphone (microphone.ts: the input buffer filled from the page's track, and
 * measured for sound), and the reader's words spoken on the peer's own track.
 *
 * The data channel carries the Realtime events exactly as the reader's WebSocket does; what a
 * WebRTC call adds is answered here, as OpenAI answers it: each audio response's transcript is
 * spoken between `output_audio_buffer.started` and `.stopped`, and `output_audio_buffer.clear`
 * stops the voice and answers `output_audio_buffer.cleared`.
 */
import wrtc from '@roamhq/wrtc';
import type { RTCAudioData } from '@roamhq/wrtc/types/nonstandard';
import type { LogEvent } from '../contracts/events-schema.ts';
import type { SupportedLang } from '../contracts/locale.ts';
import type { VoicePeerNotice } from '../contracts/realtime.ts';
import { FRAME_SAMPLES, TRACK_RATE, frames } from './audio.ts';
import { Microphone, type Sound } from './microphone.ts';
import { MAX_FRAME_BYTES, ReaderSession, type Transcriber, readsIn } from './reader-engine.ts';
import type { Speaker, ToneReason } from './speech.ts';

const { MediaStream, RTCPeerConnection, nonstandard } = wrtc;

export interface CallOptions {
  id: string;
  speaker: Speaker;
  /** The reading's language: the reader's words and espeak-ng's voice. */
  lang: SupportedLang;
  /** The call's cap (the reading's minutes), ms: the reader ends the call there. */
  sessionMs: number;
  idleMs?: number;
  /** The speech recognizer the reader hears with. */
  transcriber?: Transcriber | undefined;
  /** Speech waiting to play, at most, ms (default MAX_QUEUED_SPEECH_MS). */
  maxQueuedSpeechMs?: number;
  onLog?(event: LogEvent | object): void;
  onEnd(id: string): void;
}

/** What the page is told, once, when the reader's voice is tones. */
const TONE_NOTICES: Record<ToneReason, string> = {
  chosen: 'This reader speaks in tones: its speech voice (espeak-ng) is turned off here.',
  not_installed: 'espeak-ng is not installed here: the reader speaks in tones.',
  failed: 'The reader’s voice failed on a sentence, so you heard a tone there; it will try again.',
};

/** How long the last events on a closing call's data channel may take to leave. */
const LAST_EVENT_MS = 2_000;
const ICE_GATHERING_MS = 5_000;
const PACE_MS = 20;
/**
 * Speech waiting to play, at most (two minutes). A page that asks for responses faster than they
 * can be spoken would otherwise grow the queue, and the process, without end; past this the rest
 * of a response is not spoken (its words still reach the page).
 */
export const MAX_QUEUED_SPEECH_MS = 120_000;

export class VoiceCall {
  readonly id: string;
  readonly #options: CallOptions;
  readonly #pc: InstanceType<typeof RTCPeerConnection>;
  readonly #source = new nonstandard.RTCAudioSource();
  readonly #microphone: Microphone;
  readonly #session: ReaderSession;
  #channel: RTCDataChannel | undefined;
  #outbox: string[] = [];
  #sinks: { stop(): void }[] = [];
  /** The reader's side: speech frames it had left at its last clear, and sent since. */
  #spoken = { clears: 0, leftAtClear: 0, sentSinceClear: 0 };
  /** Frames still to play, and the response they belong to. */
  #playing: Int16Array[] = [];
  #playingResponse: string | undefined;
  #speechChain: Promise<void> = Promise.resolve();
  /** Reader events waiting for the voice to finish (see #fromReader). */
  #held: object[] | undefined;
  #clearedAt = 0;
  #pace: ReturnType<typeof setInterval> | undefined;
  #paceStart = 0;
  #framesSent = 0;
  #seq = 0;
  #noticesSent = new Set<ToneReason>();
  /** A response whose words are still being made into sound (more may come after the queue). */
  #synthesizing = false;
  #ended = false;

  constructor(options: CallOptions) {
    this.id = options.id;
    this.#options = options;
    this.#pc = new RTCPeerConnection({ iceServers: [] });
    this.#microphone = new Microphone({ toReader: (text) => this.#session.handleMessage(text) });
    this.#session = new ReaderSession({
      send: (event) => this.#fromReader(event),
      close: () => this.hangup('cap'),
      sessionId: options.id,
      lang: options.lang,
      sessionMs: options.sessionMs,
      ...(options.idleMs ? { idleMs: options.idleMs } : {}),
      ...(options.transcriber ? { transcriber: options.transcriber } : {}),
      onLog: (event) => options.onLog?.(event),
    });
    this.#pc.ondatachannel = ({ channel }) => {
      if (channel.label !== 'oai-events') return;
      this.#channel = channel;
      channel.onopen = () => this.#opened();
      channel.onmessage = ({ data }) => {
        if (typeof data === 'string') this.#fromPage(data);
      };
      if (channel.readyState === 'open') this.#opened();
    };
    this.#pc.ontrack = ({ track }) => {
      if (track.kind !== 'audio') return;
      const sink = new nonstandard.RTCAudioSink(track);
      sink.ondata = (data: RTCAudioData) => {
        if (!this.#ended) this.#microphone.heard(data);
      };
      this.#sinks.push(sink);
    };
    this.#pc.onconnectionstatechange = () => {
      const state = this.#pc.connectionState;
      if (state === 'failed' || state === 'closed') this.hangup('disconnected');
    };
  }

  /** Answers the page's offer; resolves with the answer, its candidates gathered. */
  async answer(offer: string): Promise<string> {
    await this.#pc.setRemoteDescription({ type: 'offer', sdp: offer });
    // In a stream, as OpenAI's track is: the SDK plays `event.streams[0]` on the page's audio
    // element, and a track in no stream would leave the element with nothing to play.
    const track = this.#source.createTrack();
    this.#pc.addTrack(track, new MediaStream([track]));
    await this.#pc.setLocalDescription(await this.#pc.createAnswer());
    await new Promise<void>((resolve) => {
      if (this.#pc.iceGatheringState === 'complete') return resolve();
      const timer = setTimeout(resolve, ICE_GATHERING_MS);
      this.#pc.onicegatheringstatechange = () => {
        if (this.#pc.iceGatheringState !== 'complete') return;
        clearTimeout(timer);
        resolve();
      };
    });
    this.#paceStart = Date.now();
    this.#pace = setInterval(() => this.#play(), PACE_MS);
    const sdp = this.#pc.localDescription?.sdp;
    if (!sdp) throw new Error('The peer made no answer.');
    return clearerOpus(sdp);
  }

  /** What the microphone carried so far. */
  get sound(): Sound {
    return this.#microphone.sound;
  }

  /**
   * What the reader's track carried around its last `output_audio_buffer.clear`: the speech frames
   * (10 ms each) it dropped there, and those it sent since (a later response's voice).
   */
  get spoken(): { clears: number; leftAtClear: number; sentSinceClear: number } {
    return { ...this.#spoken };
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Ends the call: the reader's session, the peer, the timers. */
  hangup(reason: string): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#options.onLog?.({ type: 'voice_peer_call_end', callId: this.id, reason });
    this.#session.close();
    clearInterval(this.#pace);
    this.#microphone.close();
    for (const sink of this.#sinks) sink.stop();
    this.#closePeer();
    this.#options.onEnd(this.id);
  }

  /**
   * Closes the data channel, then the peer once the channel has closed (or after a moment): a
   * channel's close first sends what it holds, so the last event (the `error` that says why the call
   * ends) reaches the page. Closing the peer at once dropped it whenever the CPU was busy.
   */
  #closePeer(): void {
    const pc = this.#pc;
    const closePc = () => {
      try {
        pc.close();
      } catch {
        // Already closed.
      }
    };
    const channel = this.#channel;
    if (!channel || channel.readyState !== 'open') return closePc();
    const timer = setTimeout(closePc, LAST_EVENT_MS);
    channel.onclose = () => {
      clearTimeout(timer);
      closePc();
    };
    channel.close();
  }

  #opened(): void {
    for (const text of this.#outbox.splice(0)) this.#channel?.send(text);
    this.#session.start();
  }

  #emit(event: object): void {
    const text = JSON.stringify(event);
    if (this.#channel?.readyState === 'open') this.#channel.send(text);
    else this.#outbox.push(text);
  }

  #fromPage(text: string): void {
    if (this.#ended) return;
    if (text.length <= MAX_FRAME_BYTES && text.includes('output_audio_buffer.clear')) {
      try {
        const event: unknown = JSON.parse(text);
        if (isEvent(event) && event.type === 'output_audio_buffer.clear') {
          if (this.#session.charge(text)) this.#clear();
          return;
        }
      } catch {
        // Not JSON: the reader answers it in words.
      }
    }
    this.#microphone.fromPage(text);
  }

  /**
   * The reader's events, in order. The reader writes a whole response at once; a spoken one is
   * still going on while its words play, so what follows its transcript (`response.done` among
   * them) is held until the voice has finished or was cleared, as a model's response is in
   * progress while it speaks (and so `response.cancel` has a response to cancel).
   */
  #fromReader(event: object): void {
    if (this.#held) {
      this.#held.push(event);
      return;
    }
    this.#emit(event);
    if (isEvent(event) && event.type === 'response.output_audio_transcript.done') {
      const transcript = 'transcript' in event ? event.transcript : undefined;
      const response = 'response_id' in event ? event.response_id : undefined;
      if (typeof transcript === 'string' && typeof response === 'string') {
        this.#held = [];
        this.#say(transcript, response);
      }
    }
  }

  /** The voice finished or was cleared: the held events go out (up to the next spoken part). */
  #release(): void {
    const held = this.#held ?? [];
    this.#held = undefined;
    for (const [index, event] of held.entries()) {
      this.#fromReader(event);
      // A spoken part among them holds what follows it again.
      const holding = this.#holding();
      if (holding) {
        holding.push(...held.slice(index + 1));
        return;
      }
    }
  }

  #holding(): object[] | undefined {
    return this.#held;
  }

  /** Speaks a response's words, each sentence queued to play as soon as it is made. */
  #say(text: string, responseId: string): void {
    const asked = Date.now();
    this.#speechChain = this.#speechChain.then(async () => {
      this.#synthesizing = true;
      let started = false;
      try {
        for await (const sentence of this.#options.speaker.speak(
          text,
          readsIn(this.#options.lang),
        )) {
          if (this.#ended || this.#clearedAt >= asked) break;
          const sound = frames(sentence.samples);
          const most = (this.#options.maxQueuedSpeechMs ?? MAX_QUEUED_SPEECH_MS) / 10;
          if (this.#playing.length + sound.length > most) {
            this.#options.onLog?.({ type: 'voice_peer_speech_dropped', callId: this.id });
            break;
          }
          if (sentence.tone) this.#toneNotice(sentence.tone);
          if (!started && this.#playing.length === 0) {
            this.#playingResponse = responseId;
            this.#emit({
              event_id: this.#eventId(),
              type: 'output_audio_buffer.started',
              response_id: responseId,
            });
          }
          started = true;
          for (const frame of sound) this.#playing.push(frame);
        }
      } finally {
        this.#synthesizing = false;
      }
      if (this.#ended) return;
      // Nothing to say, cleared meanwhile, or played out before the last sentence was made.
      if (!started || this.#clearedAt >= asked) this.#release();
      else if (this.#playing.length === 0) this.#stopped();
    });
  }

  #toneNotice(reason: ToneReason): void {
    if (this.#noticesSent.has(reason)) return;
    this.#noticesSent.add(reason);
    const notice: VoicePeerNotice = { type: 'voice_peer.notice', notice: TONE_NOTICES[reason] };
    this.#emit({ event_id: this.#eventId(), ...notice });
  }

  /** The voice has played out: `output_audio_buffer.stopped`, and the held events go out. */
  #stopped(): void {
    if (!this.#playingResponse) return;
    this.#emit({
      event_id: this.#eventId(),
      type: 'output_audio_buffer.stopped',
      response_id: this.#playingResponse,
    });
    this.#playingResponse = undefined;
    this.#release();
  }

  #clear(): void {
    this.#clearedAt = Date.now();
    this.#spoken = {
      clears: this.#spoken.clears + 1,
      leftAtClear: this.#playing.length,
      sentSinceClear: 0,
    };
    this.#playing = [];
    this.#playingResponse = undefined;
    this.#emit({ event_id: this.#eventId(), type: 'output_audio_buffer.cleared' });
    this.#release();
  }

  /** Sends the frames due since the last tick: speech while there is some, silence otherwise. */
  #play(): void {
    const due = Math.floor((Date.now() - this.#paceStart) / 10);
    // After a stall (a busy machine), skip ahead rather than play a burst.
    if (due - this.#framesSent > 20) this.#framesSent = due - 20;
    const silence = new Int16Array(FRAME_SAMPLES);
    while (this.#framesSent < due) {
      this.#framesSent += 1;
      const frame = this.#playing.shift();
      if (frame) this.#spoken.sentSinceClear += 1;
      this.#source.onData({ samples: frame ?? silence, sampleRate: TRACK_RATE, channelCount: 1 });
      if (frame && this.#playing.length === 0 && !this.#synthesizing) this.#stopped();
    }
  }

  #eventId(): string {
    this.#seq += 1;
    return `event_peer_${this.#seq}`;
  }
}

/**
 * Asks the page's Opus encoder for speech a recognizer hears well: a higher bitrate than the
 * browser's default for a voice track (32 kbit/s) and no discontinuous transmission, whose silent
 * gaps make the receiving jitter buffer stretch and clip the next word's first sound. The page's
 * sender reads these from the answer's `a=fmtp` line for Opus.
 */
export function clearerOpus(sdp: string): string {
  const payload = /^a=rtpmap:(\d+) opus\/48000/im.exec(sdp)?.[1];
  if (!payload) return sdp;
  return sdp.replace(
    new RegExp(`^(a=fmtp:${payload} )(.*)$`, 'm'),
    (_line, head: string, params: string) => {
      const kept = params
        .split(';')
        .map((param) => param.trim())
        .filter((param) => param !== '' && !/^(maxaveragebitrate|usedtx)=/i.test(param));
      return `${head}${[...kept, 'maxaveragebitrate=96000', 'usedtx=0'].join(';')}`;
    },
  );
}

function isEvent(value: unknown): value is { type: string } {
  return (
    typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string'
  );
}
