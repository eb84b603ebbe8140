import { ScriptedRealtimeTransport } from '@openai/agents-realtime/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type LogEvent,
  LogEvent as LogEventSchema,
} from '../../../../../contracts/events-schema.ts';
import { getCard } from '../../../../../reader/reading/deck.ts';
import { startReaderServer, type ReaderServer } from '../../../../support/reader-node-host.ts';
import { SessionLog } from '../../../../../web-components/events/index.ts';
import { createAnnouncer } from '../../../../../web-components/stores/announcer.ts';
import { createReadingStore } from '../../../../../web-components/stores/reading.ts';
import { ReadingConnectError } from '../../../../../web-components/tarot/session/token.ts';
import {
  type ClosableCapture,
  UNSUPPORTED_MESSAGE,
  VoiceReadingSession,
  type VoiceReadingOptions,
  pushToTalkConfig,
} from '../../../../../web-components/tarot/session/voice-session.ts';
import type { MicrophoneStream } from '../../../../../web-components/voice/audio/microphone.ts';
import { until } from '../../../../support/wait.ts';

// A voice session's structured events, field by field: the real voice controller and Realtime SDK
// over WebSocket against the real local reader (Node host), with a stand-in microphone.

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A microphone stream with tracks that remember being enabled and stopped. */
function fakeMicrophone() {
  const track = { enabled: true, stopped: false, stop: () => void (track.stopped = true) };
  const stream: MicrophoneStream = { getAudioTracks: () => [track], getTracks: () => [track] };
  return { stream, track };
}

/** A capture that sends 100 ms of 24 kHz PCM16 silence as soon as it starts. */
function silentCapture(): ClosableCapture & { closed: boolean } {
  const capture = {
    closed: false,
    start(send: (chunk: ArrayBuffer) => void) {
      send(new ArrayBuffer(4800));
    },
    stop() {},
    close() {
      capture.closed = true;
    },
  };
  return capture;
}

let reader: ReaderServer;
beforeAll(async () => {
  reader = await startReaderServer();
});
afterAll(async () => {
  await reader.close();
});

const open: VoiceReadingSession[] = [];
afterEach(() => {
  for (const voice of open.splice(0)) voice.end('leave');
});

function voiceSession(
  overrides: Partial<VoiceReadingOptions> = {},
  reading: VoiceReadingOptions['reading'] = {},
) {
  const events: LogEvent[] = [];
  const store = createReadingStore();
  const announcer = createAnnouncer();
  const microphone = fakeMicrophone();
  const capture = silentCapture();
  const expiresAt = Math.floor(Date.now() / 1000) + 60;
  const voice = new VoiceReadingSession({
    store,
    announcer,
    missingApis: () => [],
    getUserMedia: async () => microphone.stream,
    createCapture: () => capture,
    minHoldMs: 0,
    ...overrides,
    reading: {
      connect: async ({ sessionId }) => ({
        engine: 'local',
        token: await reader.mintToken(sessionId),
        expiresAt,
        model: 'gpt-realtime',
        url: reader.url,
      }),
      createLog: (id) => new SessionLog(id, { emit: (event) => (events.push(event), true) }),
      timeouts: { showMs: 3000, nudgeMs: 60_000 },
      ...reading,
    },
  });
  open.push(voice);
  return { voice, store, announcer, events, microphone, capture, expiresAt };
}

/** One push-to-talk turn and the reader's answer to it. */
async function talk(
  voice: VoiceReadingSession,
  store: ReturnType<typeof createReadingStore>,
): Promise<void> {
  const before = store.$transcript.get().length;
  expect(voice.press()).toBe(true);
  expect(store.$audio.get().listening).toBe(true);
  expect(voice.release()).toBe('sent');
  expect(store.$audio.get().listening).toBe(false);
  await until(() => store.$transcript.get().length > before, 'the reader to answer the turn');
}

describe('the events of a whole voice reading', () => {
  it('logs session start, every transition, every tool call and the summary with the spec’s fields', async () => {
    const { voice, store, events, microphone, capture, expiresAt } = voiceSession();
    const startedAt = Date.now();
    expect(await voice.start()).toBe(true);
    expect(store.$engine.get()).toBe('local');
    // The microphone stays muted until the button is held.
    expect(microphone.track.enabled).toBe(false);

    // The stage reports each card shown, as <tarot-card-stage> does.
    const stopShowing = store.$displayed.subscribe((displayed) => {
      if (displayed?.status === 'revealing')
        setTimeout(() => voice.reading.cardShown(displayed.cardId), 5);
    });
    await talk(voice, store); // the demo question
    await talk(voice, store); // the demo answer: the reader hands off to SpreadGeneration
    let picks = 0;
    while (store.$agent.get() !== 'Reading' && store.$agent.get() !== 'Followup') {
      await until(
        () =>
          store.$picker.get().open || ['Reading', 'Followup'].includes(store.$agent.get() ?? ''),
        'the picker or the reading',
      );
      const remaining = [
        'the-star',
        'the-moon',
        'the-sun',
        'death',
        'the-tower',
        'the-fool',
        'justice',
        'strength',
        'temperance',
        'the-world',
      ];
      if (store.$picker.get().open) {
        const cardId = remaining[picks] ?? 'the-hermit';
        expect(
          voice.reading.pick({
            cardId,
            cardName: getCard(cardId)?.name ?? cardId,
            reversed: picks % 2 === 1,
          }),
        ).toBe(true);
        picks += 1;
        await until(() => !store.$picker.get().open, 'the picker to close');
      }
    }
    expect(picks).toBeGreaterThan(0);
    await until(() => store.$agent.get() === 'Followup', 'the followup phase', 15_000);
    stopShowing();
    voice.end('leave');
    expect(microphone.track.stopped).toBe(true);
    expect(capture.closed).toBe(true);
    expect(store.$connection.get()).toBe('disconnected');

    for (const event of events)
      expect(LogEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
    const sessionId = events[0]?.sessionId;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(events.every((event) => event.sessionId === sessionId && ISO.test(event.time))).toBe(
      true,
    );

    const start = events.find((event) => event.event === 'session_start');
    expect(start).toMatchObject({
      initialAgent: 'IntentAssessment',
      tokenExpiresAt: new Date(expiresAt * 1000).toISOString(),
      mode: 'voice',
      engine: 'local',
      transport: 'websocket',
      device: { mobile: false, touch: false },
    });
    expect(start?.event === 'session_start' && start.userAgent.length).toBeGreaterThan(0);

    const transitions = events.filter((event) => event.event === 'agent_transition');
    expect(transitions.map((t) => [t.from, t.to])).toEqual([
      ['IntentAssessment', 'SpreadGeneration'],
      ['SpreadGeneration', 'Reading'],
      ['Reading', 'Followup'],
    ]);
    expect(transitions[0]?.contextSummary).toMatchObject({
      topic: 'career',
      hasHiddenConcern: expect.any(Boolean),
    });
    expect(transitions[1]?.contextSummary).toMatchObject({
      positions: picks,
      cards: picks,
      spreadName: expect.any(String),
    });
    expect(transitions[2]?.contextSummary).toMatchObject({ cards: picks, interpretations: picks });

    const tools = events.filter((event) => event.event === 'tool_call');
    const draws = tools.filter((t) => t.tool === 'draw_card');
    const shows = tools.filter((t) => t.tool === 'show_card');
    expect(draws).toHaveLength(picks);
    expect(shows).toHaveLength(picks);
    for (const draw of draws) {
      expect(draw).toMatchObject({ agent: 'SpreadGeneration', result: 'success' });
      // The position's role is written from the visitor's question: its length, never its words.
      expect(Object.keys(draw.params).sort()).toEqual(['positionLabel', 'promptRoleLength']);
      expect(draw.params['promptRoleLength']).toEqual(expect.any(Number));
    }
    for (const show of shows) {
      expect(show).toMatchObject({
        agent: 'Reading',
        result: 'success',
        params: { reversed: expect.any(Boolean) },
      });
      expect(typeof show.params['cardId']).toBe('string');
    }

    const summary = events.at(-1);
    expect(summary?.event).toBe('session_summary');
    expect(summary).toMatchObject({
      transitions: 3,
      toolCalls: { draw_card: picks, show_card: picks },
      cardsDrawn: picks,
    });
    if (summary?.event !== 'session_summary') throw new Error('no summary');
    expect(Object.keys(summary.agentDurationsMs).sort()).toEqual([
      'Followup',
      'IntentAssessment',
      'Reading',
      'SpreadGeneration',
    ]);
    // The durations (whole milliseconds, so each sum may be off by one per term) tell one story:
    // each transition took as long as the agent it left was active, and each agent was visited
    // once; the agents' times make up the session's, which fits in the test's own time; the draws,
    // one after another, fit in SpreadGeneration's time; the average tool time is the tool calls'.
    const agentMs = summary.agentDurationsMs;
    for (const transition of transitions)
      expect(transition.durationMs, transition.from).toBe(agentMs[transition.from]);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const agents = Object.values(agentMs);
    expect(Math.abs(sum(agents) - summary.durationMs)).toBeLessThanOrEqual(agents.length);
    expect(summary.durationMs).toBeGreaterThan(0);
    expect(summary.durationMs).toBeLessThanOrEqual(Date.now() - startedAt);
    expect(sum(draws.map((draw) => draw.durationMs))).toBeLessThanOrEqual(
      (agentMs['SpreadGeneration'] ?? 0) + draws.length,
    );
    const toolMs = tools.map((tool) => tool.durationMs);
    expect(Math.abs(summary.averageToolMs - sum(toolMs) / toolMs.length)).toBeLessThanOrEqual(1);
    expect(events.filter((event) => event.event === 'error')).toEqual([]);
  });

  it('announces the card each show_card puts on the stage', async () => {
    const { voice, store, announcer } = voiceSession();
    expect(await voice.start()).toBe(true);
    store.showCard({ cardId: 'the-star', cardName: 'The Star', reversed: false });
    expect(announcer.$polite.get()?.message).toBe('Showing The Star, upright');
    store.showCard({ cardId: 'the-moon', cardName: 'The Moon', reversed: true });
    expect(announcer.$polite.get()?.message).toBe('Showing The Moon, reversed');
  });
});

describe('the errors of a voice session', () => {
  it('an unsupported browser: the exact message, an assertive announcement and the missing API logged', () => {
    const { voice, store, announcer, events } = voiceSession({
      missingApis: () => ['RTCPeerConnection'],
    });
    expect(voice.checkSupport()).toBe(false);
    expect(store.$error.get()).toEqual({ kind: 'unsupported', message: UNSUPPORTED_MESSAGE });
    expect(announcer.$assertive.get()?.message).toContain(UNSUPPORTED_MESSAGE);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'error',
      type: 'unsupported',
      severity: 'error',
      connectionStatus: 'idle',
    });
    expect(events[0]?.event === 'error' && events[0].message).toContain('RTCPeerConnection');
    expect(LogEventSchema.safeParse(events[0]).success).toBe(true);
  });

  it('a refused microphone: its own message, a microphone error logged with the DOMException name, no token asked for', async () => {
    let tokens = 0;
    const { voice, store, events } = voiceSession(
      {
        getUserMedia: () =>
          Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
      },
      {
        connect: async () => {
          tokens += 1;
          throw new Error('not reached');
        },
      },
    );
    expect(await voice.start()).toBe(false);
    expect(tokens).toBe(0);
    expect(store.$error.get()?.kind).toBe('microphone');
    expect(store.$error.get()?.message).toContain('The microphone is blocked for this site.');
    expect(events[0]).toMatchObject({
      event: 'error',
      type: 'microphone',
      connectionStatus: 'idle',
    });
    expect(events[0]?.event === 'error' && events[0].message).toContain('NotAllowedError');
  });

  it('a busy microphone has a message of its own', async () => {
    const { voice, store } = voiceSession({
      getUserMedia: () => Promise.reject(new DOMException('Could not start', 'NotReadableError')),
    });
    expect(await voice.start()).toBe(false);
    expect(store.$error.get()?.message).toContain('in use by another app');
  });

  it('a failing token endpoint: a readable connection error; retry mints a fresh token and connects', async () => {
    let tokens = 0;
    const { voice, store, announcer, events } = voiceSession(
      {},
      {
        connect: async ({ sessionId }) => {
          tokens += 1;
          if (tokens === 1) {
            throw new ReadingConnectError(
              'The reading service is unavailable right now. Try again in a moment.',
              'upstream_unavailable',
            );
          }
          return {
            engine: 'local',
            token: await reader.mintToken(sessionId),
            expiresAt: Math.floor(Date.now() / 1000) + 60,
            model: 'gpt-realtime',
            url: reader.url,
          };
        },
      },
    );
    expect(await voice.start()).toBe(false);
    expect(store.$connection.get()).toBe('error');
    expect(store.$error.get()).toEqual({
      kind: 'connection',
      message: 'The reading service is unavailable right now. Try again in a moment.',
    });
    expect(announcer.$assertive.get()?.message).toBe(
      'The reading service is unavailable right now. Try again in a moment.',
    );
    expect(events[0]).toMatchObject({
      event: 'error',
      type: 'connection',
      connectionStatus: 'error',
    });
    expect(await voice.restart()).toBe(true);
    expect(tokens).toBe(2);
    expect(store.$connection.get()).toBe('connected');
    expect(store.$error.get()).toBeNull();
  });

  it('a push-to-talk failure is logged as a microphone error with the agent and connection status', async () => {
    const { voice, events } = voiceSession({
      createCapture: () => ({
        start: () => Promise.reject(new Error('AudioContext was not allowed to start')),
        stop: () => undefined,
        close: () => undefined,
      }),
    });
    expect(await voice.start()).toBe(true);
    expect(voice.press()).toBe(true);
    const error = await until(() => events.find((event) => event.event === 'error'), 'the error');
    expect(error).toMatchObject({
      type: 'microphone',
      severity: 'error',
      agent: 'IntentAssessment',
      connectionStatus: 'connected',
    });
    expect(error.event === 'error' && error.message).toContain('Push-to-talk failed (capture)');
    expect(voice.$notice.get()).toBe(
      'The microphone stopped working. Hold the button to try again.',
    );
    expect(voice.holding).toBe(false);
  });

  it('applies the agent timeout in voice too: an "Agent timeout" warning, and the session stays open', async () => {
    const transport = new ScriptedRealtimeTransport();
    const { voice, store, events } = voiceSession(
      {},
      { createTransport: () => transport, timeouts: { agentMs: { IntentAssessment: 40 } } },
    );
    expect(await voice.start()).toBe(true);
    const warning = await until(
      () => events.find((event) => event.event === 'error' && event.type === 'timeout'),
      'the agent timeout',
    );
    expect(warning).toMatchObject({
      severity: 'warning',
      agent: 'IntentAssessment',
      connectionStatus: 'connected',
    });
    expect(warning.event === 'error' && warning.message).toContain('Agent timeout');
    expect(store.$connection.get()).toBe('connected');
    expect(transport.status).toBe('connected');
  });
});

describe('the push-to-talk session config', () => {
  it('turns turn detection off and keeps the rest of the caller’s config', () => {
    expect(
      pushToTalkConfig({ outputModalities: ['audio'], audio: { output: { voice: 'marin' } } }),
    ).toEqual({
      outputModalities: ['audio'],
      audio: { output: { voice: 'marin' }, input: { turnDetection: null } },
    });
  });
});
