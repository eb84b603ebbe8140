/**
 * A visitor who talks to BMO, on `@livekit/rtc-node`: it joins the room with a token, publishes a
 * microphone that sends silence until it is given a phrase (an espeak-ng WAV, tests/support/
 * recognizer.ts `speak`), plays that in real time, and notes when its last sound left. It hears
 * BMO's track (the time of BMO's first sound after a phrase), reads both sides' transcripts on
 * `lk.transcription`, the cassette on `cassette` (through the contract's parser) and BMO's
 * attributes. Nothing here makes up a transcript or a reply: every word goes through the real
 * recognizer and the offline model.
 */
import {
  AudioFrame,
  AudioSource,
  AudioStream,
  LocalAudioTrack,
  ParticipantKind,
  type RemoteParticipant,
  type RemoteTrack,
  Room,
  RoomEvent,
  TrackKind,
  TrackPublishOptions,
  TrackSource,
} from '@livekit/rtc-node';
import {
  CASSETTE_TOPIC,
  type CassetteMessage,
  parseCassette,
} from '../../contracts/cassette-schema.ts';
import { CHAT_TOPIC, TRANSCRIPTION_TOPIC } from '../../contracts/livekit-schema.ts';
import { levelDbfs, parseWav, resample } from '../../voice-peer/audio.ts';
import { joinRoom } from './rtc-join.ts';

const RATE = 48_000;
const FRAME_MS = 10;
const FRAME = (RATE * FRAME_MS) / 1000;
/** The microphone's queue: room for the longest phrase a test says, whole. */
const QUEUE_MS = 30_000;
/** How far ahead of the room the microphone keeps its silence. */
const SILENCE_AHEAD_MS = 60;
/** A sample louder than this is speech, not the tail of a WAV's silence. */
const VOICED_SAMPLE = 300;
/** BMO's frames louder than this are its voice (its track carries digital silence between). */
const SPEAKING_DBFS = -45;

export interface TranscriptLine {
  /** `visitor` (what BMO heard) or `bmo`. */
  who: 'visitor' | 'bmo';
  text: string;
  /** When it was complete (ms, `performance.now()`). */
  at: number;
}

export interface VoiceVisitor {
  room: Room;
  readonly lines: TranscriptLine[];
  readonly cassettes: CassetteMessage[];
  /** Times (ms, `performance.now()`) at which a frame of BMO's voice arrived, first of each run. */
  readonly bmoSoundStarts: number[];
  /** How much of BMO's voice arrived after `since` (ms of loud 10 ms frames). */
  bmoSoundMs(since: number): number;
  bmo(): RemoteParticipant | undefined;
  /**
   * Plays a WAV into the microphone in real time; resolves once all of it is sent (its trailing
   * silence too), with when its last sound left (ms, `performance.now()`; a silent WAV's end).
   */
  say(wav: Buffer): Promise<number>;
  /** Types on `lk.chat`, as the page's text box does. */
  type(text: string): Promise<void>;
  /** The first BMO sound at or after `since`, waited for. */
  bmoSoundAfter(since: number, timeoutMs?: number): Promise<number>;
  /**
   * Waits until BMO's track has carried `ms` of quiet in a row, counted in its frames: what it
   * last said has arrived whole. BMO listens again once its sound has left it, which can be well
   * before the sound has reached the visitor on a busy machine. A BMO with no track is quiet.
   */
  bmoQuiet(ms?: number, timeoutMs?: number): Promise<void>;
  /** Waits until `check` holds, re-checked on every change; rejects naming `what`. */
  until(check: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  leave(): Promise<void>;
}

/** A WAV's samples at 48 kHz, and the index after its last voiced sample. */
function pcm48k(wav: Buffer): { samples: Int16Array; voicedEnd: number } {
  const samples = resample(parseWav(wav), RATE);
  let end = samples.length;
  while (end > 0 && Math.abs(samples[end - 1] ?? 0) < VOICED_SAMPLE) end -= 1;
  return { samples, voicedEnd: end };
}

export async function joinAsVoiceVisitor(serverUrl: string, token: string): Promise<VoiceVisitor> {
  const room = new Room();
  const lines: TranscriptLine[] = [];
  const cassettes: CassetteMessage[] = [];
  const bmoSoundStarts: number[] = [];
  const loudFrames: { at: number; ms: number }[] = [];
  /** Quiet on BMO's track since its last loud frame (ms of its frames). */
  let quietMs = 0;
  /** Whether BMO has a voice here: a BMO that answers in text publishes no track. */
  let bmoTrack = false;
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const waiter of [...waiters]) waiter();
  };

  room.on(RoomEvent.DataReceived, (payload, _participant, _kind, topic) => {
    if (topic !== CASSETTE_TOPIC) return;
    const parsed = parseCassette(payload);
    if (parsed.ok) cassettes.push(parsed.cassette);
    changed();
  });
  // one line per segment, as the page keeps it: a segment may come in more than one stream (its
  // interim text, then its final one), and the last one read is the line
  const segments = new Map<string, TranscriptLine>();
  room.registerTextStreamHandler(TRANSCRIPTION_TOPIC, (reader, { identity }) => {
    const segment = reader.info.attributes?.['lk.segment_id'] ?? reader.info.streamId;
    reader.readAll().then(
      (text) => {
        if (!text.trim()) return;
        const known = segments.get(segment);
        if (known) {
          known.text = text;
        } else {
          const who = identity === room.localParticipant?.identity ? 'visitor' : 'bmo';
          const line: TranscriptLine = { who, text, at: performance.now() };
          segments.set(segment, line);
          lines.push(line);
        }
        changed();
      },
      () => undefined,
    );
  });
  // the agents SDK reports its session on this topic to clients that want it; not this one
  room.registerByteStreamHandler('lk.agent.session', (reader) => {
    reader.readAll().catch(() => undefined);
  });
  room.on(RoomEvent.ParticipantAttributesChanged, changed);
  room.on(RoomEvent.ParticipantConnected, changed);
  room.on(RoomEvent.TrackSubscribed, (track: RemoteTrack, _pub, participant) => {
    if (track.kind !== TrackKind.KIND_AUDIO || participant.kind !== ParticipantKind.AGENT) return;
    bmoTrack = true;
    void (async () => {
      let speaking = false;
      const reader = new AudioStream(track, { sampleRate: RATE, numChannels: 1 }).getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const loud = levelDbfs(read.value.data) > SPEAKING_DBFS;
        const ms = read.value.samplesPerChannel / (RATE / 1000);
        if (loud) loudFrames.push({ at: performance.now(), ms });
        const quietBefore = quietMs;
        quietMs = loud ? 0 : quietMs + ms;
        if (Math.floor(quietMs / 100) !== Math.floor(quietBefore / 100)) changed();
        if (loud && !speaking) {
          bmoSoundStarts.push(performance.now());
          changed();
        }
        speaking = loud;
      }
    })();
  });
  await joinRoom(room, serverUrl, token, { autoSubscribe: true, dynacast: false });

  // The microphone: silence, or the phrase being said, in 10 ms frames that the source plays out in
  // real time. A phrase goes into the source's queue whole, the moment it is given, so that what
  // the room hears of it never depends on this loop getting the CPU: with both cores busy the loop
  // can wait more than a second, and a queue it fed as it went (60 ms, then a second) ran dry
  // mid-phrase, sending gaps the recognizer heard as other words ('guess Wi-Fi', 'Wi-Fi Penbird').
  // Silence is kept a few frames ahead only, so a phrase starts within that of being given.
  const source = new AudioSource(RATE, 1, QUEUE_MS);
  const track = LocalAudioTrack.createAudioTrack('microphone', source);
  const options = new TrackPublishOptions();
  options.source = TrackSource.SOURCE_MICROPHONE;
  await room.localParticipant?.publishTrack(track, options);
  let phrase:
    | { samples: Int16Array; voicedEnd: number; queued?: boolean; done: (leftAt: number) => void }
    | undefined;
  let open = true;
  const silence = new AudioFrame(new Int16Array(FRAME), RATE, 1, FRAME);
  const microphone = (async () => {
    try {
      while (open) {
        const said = phrase;
        if (said && !said.queued) {
          said.queued = true;
          // one frame of the whole phrase: the source cuts it into 10 ms frames itself
          const { samples, voicedEnd } = said;
          await source.captureFrame(new AudioFrame(samples, RATE, 1, samples.length));
          const sent = performance.now() + source.queuedDuration;
          const tail = voicedEnd > 0 ? ((samples.length - voicedEnd) * 1000) / RATE : 0;
          // done once the queue has played it out; its last sound left `tail` before that
          setTimeout(
            () => {
              if (phrase === said) phrase = undefined;
              said.done(sent - tail);
            },
            Math.max(0, sent - performance.now()),
          );
        } else if (source.queuedDuration > SILENCE_AHEAD_MS) {
          await new Promise((resolve) => setTimeout(resolve, FRAME_MS));
        } else {
          await source.captureFrame(silence);
        }
      }
    } catch {
      // the source closed with the room
    }
  })();

  const until = (check: () => boolean, what: string, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      if (check()) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`timed out waiting for ${what}; transcript: ${JSON.stringify(lines)}`));
      }, timeoutMs);
      const waiter = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve();
      };
      waiters.add(waiter);
    });

  const bmo = () =>
    [...room.remoteParticipants.values()].find((p) => p.kind === ParticipantKind.AGENT);

  return {
    room,
    lines,
    cassettes,
    bmoSoundStarts,
    bmoSoundMs: (since) =>
      loudFrames.filter((frame) => frame.at >= since).reduce((sum, frame) => sum + frame.ms, 0),
    bmo,
    say(wav) {
      if (phrase) return Promise.reject(new Error('the visitor is already speaking'));
      const { samples, voicedEnd } = pcm48k(wav);
      return new Promise((resolve) => {
        phrase = { samples, voicedEnd, done: resolve };
      });
    },
    async type(text) {
      await room.localParticipant?.sendText(text, { topic: CHAT_TOPIC });
    },
    async bmoSoundAfter(since, timeoutMs = 30_000) {
      const first = () => bmoSoundStarts.find((t) => t >= since);
      await until(() => first() !== undefined, 'BMO to speak', timeoutMs);
      return first() ?? since;
    },
    bmoQuiet(ms = 1000, timeoutMs = 30_000) {
      return until(() => !bmoTrack || quietMs >= ms, `${ms} ms of quiet on BMO's track`, timeoutMs);
    },
    until,
    async leave() {
      open = false;
      await microphone;
      await room.disconnect();
    },
  };
}
