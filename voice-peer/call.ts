/**
 * One call: a WebRTC peer answering the page's offer, the offline reader behind its `oai-events`
 * data channel, the microphone's track measured for sound, and the reader's words spoken on the
 * peer's own track.
 *
 * The data channel carries the Realtime events exactly as the reader's WebSocket does; what a
 * WebRTC call adds is answered here, as OpenAI answers it: the microphone fills the input buffer
 * at the session's 24 kHz from the first voiced frame of a turn (with a moment before it, so the
 * first sound is whole) to its commit or clear, so `input_audio_buffer.commit` commits what was
 * said and the recognizer hears it with its pauses; each audio response's
 * transcript is spoken between `output_audio_buffer.started` and `.stopped`, and
 * `output_audio_buffer.clear` stops the voice and answers `output_audio_buffer.cleared`.
 */
import wrtc from '@roamhq/wrtc';
import type { RTCAudioData } from '@roamhq/wrtc/types/nonstandard';
import type { LogEvent } from '../contracts/events.ts';
import type { SupportedLang } from '../contracts/locale.ts';
import type { VoicePeerNotice } from '../contracts/realtime.ts';
import { FRAME_SAMPLES, TRACK_RATE, firstChannel, frames, isVoiced, resample } from './audio.ts';
import { MAX_FRAME_BYTES, ReaderSession, type Transcriber } from './reader-engine.ts';
import type { Speaker, ToneReason } from './speech.ts';

const { MediaStream, RTCPeerConnection, nonstandard } = wrtc;

/** When the microphone carried sound: spans of voiced frames, epoch ms. */
export interface SoundSpan {
  from: number;
  to: number;
}

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
  onLog?(event: LogEvent | object): void;
  onEnd(id: string): void;
}

/** What the page is told, once, when the reader's voice is tones. */
const TONE_NOTICES: Record<ToneReason, string> = {
  chosen: 'This reader speaks in tones: its speech voice (espeak-ng) is turned off here.',
  not_installed: 'espeak-ng is not installed here: the reader speaks in tones.',
  failed: 'The reader’s voice failed on a sentence, so you heard a tone there; it will try again.',
};

/** Voiced frames closer than this belong to one span. */
const SPAN_GAP_MS = 200;
const ICE_GATHERING_MS = 5_000;
const PACE_MS = 20;
/** The input buffer's rate: the session's `audio/pcm` at 24 kHz, as the SDK declares it. */
const INPUT_RATE = 24_000;
/** Unvoiced frames kept before a turn's first voiced one (300 ms), so its first sound is whole. */
const PRE_ROLL_FRAMES = 30;

export class VoiceCall {
  readonly id: string;
  readonly #options: CallOptions;
  readonly #pc: InstanceType<typeof RTCPeerConnection>;
  readonly #source = new nonstandard.RTCAudioSource();
  readonly #session: ReaderSession;
  #channel: RTCDataChannel | undefined;
  #outbox: string[] = [];
  #sinks: { stop(): void }[] = [];
  #spans: SoundSpan[] = [];
  #frames = { heard: 0, voiced: 0 };
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
  /** The turn being said: whether a voiced frame opened it, and the frames just before one. */
  #turn = { open: false, preRoll: [] as Int16Array[] };

  constructor(options: CallOptions) {
    this.id = options.id;
    this.#options = options;
    this.#pc = new RTCPeerConnection({ iceServers: [] });
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
      sink.ondata = (data: RTCAudioData) => this.#heard(data);
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
    return sdp;
  }

  /** What the microphone carried so far. */
  get sound(): { heardFrames: number; voicedFrames: number; spans: SoundSpan[] } {
    return {
      heardFrames: this.#frames.heard,
      voicedFrames: this.#frames.voiced,
      spans: this.#spans.map((span) => ({ ...span })),
    };
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
    for (const sink of this.#sinks) sink.stop();
    try {
      this.#channel?.close();
      this.#pc.close();
    } catch {
      // Already closed.
    }
    this.#options.onEnd(this.id);
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
          this.#clear();
          return;
        }
      } catch {
        // Not JSON: the reader answers it in words.
      }
    }
    // A commit or a clear ends the turn being said: the buffer fills again from the next voice.
    if (text.includes('input_audio_buffer.c')) this.#turn = { open: false, preRoll: [] };
    this.#session.handleMessage(text);
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
        for await (const sentence of this.#options.speaker.speak(text, this.#options.lang)) {
          if (this.#ended || this.#clearedAt >= asked) break;
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
          this.#playing.push(...frames(sentence.samples));
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

  #heard(data: RTCAudioData): void {
    if (this.#ended) return;
    this.#frames.heard += 1;
    const samples = firstChannel(data.samples, data.channelCount ?? 1);
    const input = resample({ samples, rate: data.sampleRate ?? TRACK_RATE }, INPUT_RATE);
    const turn = this.#turn;
    if (!isVoiced(samples)) {
      if (turn.open) this.#append(input);
      else {
        turn.preRoll.push(input);
        if (turn.preRoll.length > PRE_ROLL_FRAMES) turn.preRoll.shift();
      }
      return;
    }
    this.#frames.voiced += 1;
    const now = Date.now();
    const last = this.#spans.at(-1);
    if (last && now - last.to <= SPAN_GAP_MS) last.to = now;
    else this.#spans.push({ from: now, to: now });
    if (!turn.open) {
      turn.open = true;
      for (const before of turn.preRoll.splice(0)) this.#append(before);
    }
    this.#append(input);
  }

  /** Appends a frame to the reader's input buffer, as OpenAI's buffer fills from the track. */
  #append(pcm16: Int16Array): void {
    const pcm = Buffer.from(pcm16.buffer, pcm16.byteOffset, pcm16.byteLength);
    this.#session.handleMessage(
      JSON.stringify({ type: 'input_audio_buffer.append', audio: pcm.toString('base64') }),
    );
  }

  #eventId(): string {
    this.#seq += 1;
    return `event_peer_${this.#seq}`;
  }
}

function isEvent(value: unknown): value is { type: string } {
  return (
    typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string'
  );
}
