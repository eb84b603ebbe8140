/**
 * The offline reader hears: the real `@openai/agents-realtime` SDK sends push-to-talk turns over
 * its WebSocket transport to the reader's Node host, the real speech recognizer transcribes them,
 * and the reader answers the words exactly as typed ones. Every phrase is spoken by espeak-ng;
 * nothing injects a transcript. Each bad input gets the protocol's own clear event and a spoken
 * "I didn't catch that", and the reading goes on as if the turn had not happened.
 */
import {
  OpenAIRealtimeWebSocket,
  RealtimeSession,
  type RealtimeMessageItem,
  type RealtimeSessionConfig,
} from '@openai/agents-realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntentHandoff } from '../../../../contracts/reading-schema.ts';
import { RecognizerClient, type Transcriber } from '../../../../reader/hearing/transcriber.ts';
import { MAX_WAITING_TURNS } from '../../../../reader/protocol/input-audio.ts';
import { parseWav, resample } from '../../../../voice-peer/audio.ts';
import { freeTcpPort } from '../../../support/free-port.ts';
import { type RunningRecognizer, speak, startRecognizer } from '../../../support/recognizer.ts';
import { startReaderServer, type ReaderServer } from '../../../support/reader-node-host.ts';
import { type Recorder, buildAgents, handoffsOf } from '../../../support/sdk-agents.ts';
import { until } from '../../../support/wait.ts';

const DID_NOT_CATCH = "Sorry, I didn't catch that. Could you say it again?";

/** `words` spoken by the tests' voice, as the SDK sends a turn: PCM16 at 24 kHz. */
function spoken(words: string): ArrayBuffer {
  const samples = resample(parseWav(speak(words).wav), 24_000);
  return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength).slice().buffer;
}

/** 100 ms of PCM16 at 24 kHz: the size of the chunks the page's microphone capture sends. */
const CHUNK_BYTES = 4_800;

/**
 * Sends a turn as the page does, in 100 ms chunks, then commits it and asks for a response.
 * `paceMs` between chunks: a long turn at the page's pace (here four times real time), within
 * the reader's inbound budget, which a whole minute sent at once would pass.
 */
async function sendTurn(
  session: RealtimeSession,
  transport: OpenAIRealtimeWebSocket,
  audio: ArrayBuffer,
  paceMs = 0,
): Promise<void> {
  const bytes = new Uint8Array(audio);
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    const last = at + CHUNK_BYTES >= bytes.length;
    session.sendAudio(bytes.slice(at, at + CHUNK_BYTES).buffer, { commit: last });
    if (paceMs > 0 && !last) await new Promise((resolve) => setTimeout(resolve, paceMs));
  }
  transport.requestResponse();
}

/** One sentence said again and again, for `seconds`. */
function monologue(seconds: number): ArrayBuffer {
  const once = new Uint8Array(spoken('I have been thinking about where I want to live.'));
  const long = new Uint8Array(seconds * 24_000 * 2);
  for (let at = 0; at < long.length; at += once.length)
    long.set(once.subarray(0, long.length - at), at);
  return long.buffer;
}

function silence(seconds: number): ArrayBuffer {
  return new ArrayBuffer(seconds * 24_000 * 2);
}

interface Heard {
  completed: { item_id: string; transcript: string }[];
  failed: { item_id: string; error: { code: string; message: string } }[];
}

/** A push-to-talk session on the SDK, as the app makes one, recording what it heard back. */
async function voiceSession(
  server: ReaderServer,
  config: Partial<RealtimeSessionConfig> = {},
): Promise<{
  session: RealtimeSession;
  transport: OpenAIRealtimeWebSocket;
  recorder: Recorder;
  heard: Heard;
  replies: string[];
  reached: string[];
  say(audio: ArrayBuffer, paceMs?: number): Promise<void>;
  type(text: string): void;
}> {
  const recorder: Recorder = { draws: [], drawnCards: [], shows: [], handoffs: [] };
  const { intent } = buildAgents(recorder);
  const transport = new OpenAIRealtimeWebSocket();
  const session = new RealtimeSession(intent, {
    transport,
    model: 'gpt-realtime',
    config: {
      outputModalities: ['audio'],
      audio: { input: { turnDetection: null } },
      ...config,
    },
  });
  const heard: Heard = { completed: [], failed: [] };
  transport.on('*', (event: { type?: unknown } & Record<string, unknown>) => {
    if (event.type === 'conversation.item.input_audio_transcription.completed')
      heard.completed.push(event as unknown as Heard['completed'][number]);
    if (event.type === 'conversation.item.input_audio_transcription.failed')
      heard.failed.push(event as unknown as Heard['failed'][number]);
  });
  const replies: string[] = [];
  session.on('agent_end', (_context, _agent, text) => {
    if (text) replies.push(text);
  });
  const reached = handoffsOf(session);
  await session.connect({ apiKey: await server.mintToken(crypto.randomUUID()), url: server.url });
  return {
    session,
    transport,
    recorder,
    heard,
    replies,
    reached,
    // Push-to-talk as the app does it: the turn, its commit, then a response.
    say: (audio, paceMs) => sendTurn(session, transport, audio, paceMs),
    type: (text) => session.sendMessage(text),
  };
}

function userTranscripts(session: RealtimeSession): (string | null)[] {
  return session.history
    .filter((item): item is RealtimeMessageItem => item.type === 'message' && item.role === 'user')
    .flatMap((item) =>
      item.content.flatMap((part) => (part.type === 'input_audio' ? [part.transcript] : [])),
    );
}

let recognizer: RunningRecognizer;
let hearing: ReaderServer;

// The recognizer's model loads in seconds, more on a loaded machine; a turn is heard in under one.
beforeAll(async () => {
  recognizer = await startRecognizer();
  hearing = await startReaderServer({
    transcriber: new RecognizerClient({ url: recognizer.url, key: recognizer.key }),
  });
}, 120_000);

afterAll(async () => {
  await hearing?.close();
  await recognizer?.stop();
});

describe('a spoken reading', { timeout: 90_000 }, () => {
  it('hears the question and the answer to the clarifying one, and lays out the three cards asked for', async () => {
    const { session, heard, replies, recorder, reached, say } = await voiceSession(hearing);
    try {
      await say(spoken("I'd like a three card reading about moving to a new city"));
      await until(() => heard.completed[0], 'the question’s transcript', 20_000);
      expect(heard.completed[0]?.transcript.toLowerCase()).toContain('new city');
      // The reader answers the words it heard: its clarifying question names what was asked.
      await until(
        () => replies.find((reply) => reply.includes('moving to a new city')),
        'the clarifying question',
        20_000,
      );
      await say(spoken('Yes, mostly about making new friends there'));
      await until(() => reached.includes('Reading') || undefined, 'the spread', 30_000);
      const intent = IntentHandoff.parse(recorder.handoffs[0]?.[1]);
      expect(intent.intentSummary.toLowerCase()).toContain('new city');
      expect(intent.hiddenConcern.toLowerCase()).toContain('friends');
      expect(recorder.draws).toHaveLength(3);
      // The session's history holds the visitor's own words for both turns.
      expect(userTranscripts(session).map((text) => text?.toLowerCase() ?? '')).toEqual([
        expect.stringContaining('three'),
        expect.stringContaining('friends'),
      ]);
    } finally {
      session.close();
    }
  });

  it('says "I didn’t catch that" to silence and to noise, and the reading is where it was', async () => {
    const { session, heard, replies, recorder, say, type } = await voiceSession(hearing);
    try {
      await say(silence(2));
      await until(() => heard.completed[0], 'the silent turn’s transcript', 20_000);
      expect(heard.completed[0]?.transcript).toBe('');
      await until(() => replies.includes(DID_NOT_CATCH) || undefined, 'the reply', 10_000);
      const noise = new Int16Array(24_000 * 2).map((_, i) => ((i * 7919) % 6001) - 3000);
      await say(noise.buffer);
      await until(() => heard.completed[1], 'the noisy turn’s transcript', 20_000);
      expect(heard.completed[1]?.transcript).toBe('');
      await until(
        () => replies.filter((reply) => reply === DID_NOT_CATCH).length === 2 || undefined,
        'the second reply',
        10_000,
      );
      // Nothing was taken for the question: a typed one is the first the reader thanks for.
      type('Will I find a new job this year?');
      await until(
        () => replies.find((reply) => reply.startsWith('Thank you for bringing that')),
        'the clarifying question',
        10_000,
      );
      expect(recorder.handoffs).toEqual([]);
    } finally {
      session.close();
    }
  });
});

describe('turns the reader cannot hear', { timeout: 90_000 }, () => {
  async function failsWith(
    server: ReaderServer,
    code: string,
    turn: (say: (audio: ArrayBuffer, paceMs?: number) => Promise<void>) => Promise<void>,
    config: Partial<RealtimeSessionConfig> = {},
  ): Promise<void> {
    const { session, heard, replies, say, type } = await voiceSession(server, config);
    try {
      await turn(say);
      await until(() => heard.failed[0], `the failed transcription (${code})`, 30_000);
      expect(heard.failed[0]?.error.code).toBe(code);
      expect(heard.failed[0]?.error.message.length).toBeGreaterThan(10);
      await until(() => replies.includes(DID_NOT_CATCH) || undefined, 'the reply', 10_000);
      // The session is usable: a typed question is answered as the first question.
      type('Will I find a new job this year?');
      await until(
        () => replies.find((reply) => reply.startsWith('Thank you for bringing that')),
        'the clarifying question after it',
        10_000,
      );
      expect(userTranscripts(session)).toEqual([null]);
    } finally {
      session.close();
    }
  }

  it('a minute-long monologue: refused whole as too long', async () => {
    await failsWith(hearing, 'audio_too_long', (say) => say(monologue(60), 25));
  });

  it('a format it does not hear (G.711 μ-law): refused by name', async () => {
    await failsWith(hearing, 'unsupported_audio_format', (say) => say(silence(1)), {
      audio: { input: { format: { type: 'audio/pcmu' }, turnDetection: null } },
    });
  });

  it('more turns than may wait at once: the one past the line is refused, not queued', async () => {
    const { session, transport, heard, say } = await voiceSession(hearing);
    try {
      const turn = spoken('Draw a card');
      for (let index = 0; index <= MAX_WAITING_TURNS; index += 1)
        await sendTurn(session, transport, turn);
      await until(() => heard.failed[0], 'the refused turn', 10_000);
      expect(heard.failed[0]?.error.code).toBe('too_many_turns');
      await until(
        () => heard.completed.length === MAX_WAITING_TURNS || undefined,
        'the turns in the line, heard',
        // one at a time through the model: seconds each on a machine whose cores are busy
        90_000,
      );
      await say(spoken('Draw a card'));
      await until(
        () => heard.completed.length === MAX_WAITING_TURNS + 1 || undefined,
        'the next turn',
        45_000,
      );
    } finally {
      session.close();
    }
  }, 180_000);

  it('the recognizer down: unavailable, and the reading carries on typed', async () => {
    const port = await freeTcpPort();
    const down = await startReaderServer({
      transcriber: new RecognizerClient({
        url: `http://127.0.0.1:${port}/v1`,
        key: 'k'.repeat(20),
      }),
    });
    try {
      await failsWith(down, 'recognizer_unavailable', (say) => say(spoken('Draw a card')));
    } finally {
      await down.close();
    }
  });

  it('the recognizer killed mid-turn: unavailable; started again, it hears the next turn', async () => {
    const port = await freeTcpPort();
    const env = { RECOGNIZER_PORT: String(port) };
    const first = await startRecognizer({ env });
    const transcriber: Transcriber = new RecognizerClient({ url: first.url, key: first.key });
    const server = await startReaderServer({ transcriber });
    const { session, heard, replies, say } = await voiceSession(server);
    let again: RunningRecognizer | undefined;
    try {
      await say(monologue(25));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await first.kill();
      await until(() => heard.failed[0], 'the failed turn', 20_000);
      expect(heard.failed[0]?.error.code).toBe('recognizer_unavailable');
      await until(() => replies.includes(DID_NOT_CATCH) || undefined, 'the reply', 10_000);
      again = await startRecognizer({ env: { ...env, RECOGNIZER_KEY: first.key } });
      await say(spoken('Will I find a new job this year?'));
      await until(() => heard.completed[0], 'the next turn’s transcript', 20_000);
      expect(heard.completed[0]?.transcript.toLowerCase()).toContain('job');
    } finally {
      session.close();
      await server.close();
      await again?.stop();
      await first.stop();
    }
  });

  it('slow: a recognizer past its time limit fails the turn as a timeout', async () => {
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const slow = await startReaderServer({
      transcriber: new RecognizerClient({
        url: `http://127.0.0.1:${port}/v1`,
        key: 'k'.repeat(20),
        timeoutMs: 1_000,
      }),
    });
    try {
      await failsWith(slow, 'recognizer_timeout', (say) => say(spoken('Draw a card')));
    } finally {
      for (const socket of sockets) socket.destroy();
      await slow.close();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('where nothing hears', { timeout: 90_000 }, () => {
  it('a Spanish reading follows the demo script, since the recognizer hears English only', async () => {
    const spanish = await startReaderServer({
      lang: 'es',
      transcriber: new RecognizerClient({ url: recognizer.url, key: recognizer.key }),
    });
    const { session, heard, replies, say } = await voiceSession(spanish);
    try {
      await say(spoken('Draw a card'));
      await until(() => replies[0], 'the reply', 10_000);
      expect(replies[0]).toContain('guion de demostración');
      expect(heard.completed).toEqual([]);
      expect(heard.failed).toEqual([]);
    } finally {
      session.close();
      await spanish.close();
    }
  });
});
