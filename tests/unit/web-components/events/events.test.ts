import { afterEach, describe, expect, it, vi } from 'vitest';
import { BeaconEvent, LogEvent } from '../../../../contracts/events-schema.ts';
import { app } from '../../../../edge/app.ts';
import { deployed } from '../../../support/edge-env.ts';
import {
  SessionLog,
  addEventSink,
  configureEvents,
  describeError,
  emitEvent,
} from '../../../../web-components/events/index.ts';

/** A session log on a hand-driven clock that collects what it emits. */
function collectingLog(start = Date.UTC(2025, 0, 1, 12)) {
  let clock = start;
  const events: LogEvent[] = [];
  const log = new SessionLog('session-1', {
    now: () => clock,
    emit: (event) => {
      events.push(event);
      return LogEvent.safeParse(event).success;
    },
  });
  return {
    log,
    events,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const TRANSCRIPT_FIELDS = [
  'text',
  'transcript',
  'content',
  'prompt',
  'instructions',
  'token',
  'apiKey',
];

function expectNoTranscriptFields(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    expect(TRANSCRIPT_FIELDS).not.toContain(key);
    expectNoTranscriptFields(inner);
  }
}

describe('the event vocabulary', () => {
  afterEach(() => configureEvents({ endpoint: undefined, console: false }));

  it('logs a session start with session id, timestamp, initial agent, token expiry and user agent', () => {
    const { log, events } = collectingLog();
    log.start({
      initialAgent: 'IntentAssessment',
      tokenExpiresAt: '2025-01-01T12:01:00.000Z',
      mode: 'text',
      engine: 'local',
      userAgent: 'TestBrowser/1.0',
    });
    expect(events).toEqual([
      {
        event: 'session_start',
        sessionId: 'session-1',
        time: '2025-01-01T12:00:00.000Z',
        initialAgent: 'IntentAssessment',
        tokenExpiresAt: '2025-01-01T12:01:00.000Z',
        userAgent: 'TestBrowser/1.0',
        mode: 'text',
        engine: 'local',
      },
    ]);
    expect(LogEvent.safeParse(events[0]).success).toBe(true);
  });

  it('logs an agent transition with both names, the time spent in the previous agent and a context summary', () => {
    const { log, events, advance } = collectingLog();
    log.start({
      initialAgent: 'IntentAssessment',
      tokenExpiresAt: null,
      mode: 'text',
      engine: 'local',
    });
    advance(42_000);
    log.agentTransition('IntentAssessment', 'SpreadGeneration', {
      topic: 'career',
      hasHiddenConcern: true,
    });
    const transition = events[1];
    expect(transition).toMatchObject({
      event: 'agent_transition',
      sessionId: 'session-1',
      from: 'IntentAssessment',
      to: 'SpreadGeneration',
      durationMs: 42_000,
      contextSummary: { topic: 'career', hasHiddenConcern: true },
    });
    expect(LogEvent.safeParse(transition).success).toBe(true);
  });

  it('logs a tool call with tool, agent, parameters, result, duration and timestamp', () => {
    const { log, events } = collectingLog();
    log.toolCall({
      tool: 'draw_card',
      agent: 'SpreadGeneration',
      params: { positionLabel: 'Past', promptRole: 'what shaped the situation' },
      result: 'error',
      errorCode: 'cancelled',
      durationMs: 1234.4,
    });
    expect(events[0]).toEqual({
      event: 'tool_call',
      sessionId: 'session-1',
      time: '2025-01-01T12:00:00.000Z',
      tool: 'draw_card',
      agent: 'SpreadGeneration',
      params: { positionLabel: 'Past', promptRole: 'what shaped the situation' },
      result: 'error',
      errorCode: 'cancelled',
      durationMs: 1234,
    });
  });

  it('logs an error with type, message, stack, agent, connection status and timestamp', () => {
    const { log, events } = collectingLog();
    log.error({
      type: 'connection',
      message: 'The reader refused the connection.',
      error: new Error('boom'),
      agent: 'IntentAssessment',
      connectionStatus: 'error',
    });
    const error = events[0];
    expect(error).toMatchObject({
      event: 'error',
      type: 'connection',
      severity: 'error',
      message: 'The reader refused the connection.',
      agent: 'IntentAssessment',
      connectionStatus: 'error',
      sessionId: 'session-1',
      time: '2025-01-01T12:00:00.000Z',
    });
    expect(error && 'stack' in error && error.stack).toContain('boom');
  });

  it('summarises the session: duration, transitions, tool calls by type, cards, average tool time, agent durations', () => {
    const { log, events, advance } = collectingLog();
    log.start({
      initialAgent: 'IntentAssessment',
      tokenExpiresAt: null,
      mode: 'text',
      engine: 'local',
    });
    advance(10_000);
    log.agentTransition('IntentAssessment', 'SpreadGeneration', {});
    log.toolCall({
      tool: 'draw_card',
      agent: 'SpreadGeneration',
      params: {},
      result: 'success',
      durationMs: 300,
    });
    log.cardDrawn();
    log.toolCall({
      tool: 'draw_card',
      agent: 'SpreadGeneration',
      params: {},
      result: 'success',
      durationMs: 100,
    });
    log.cardDrawn();
    advance(5_000);
    log.agentTransition('SpreadGeneration', 'Reading', { cards: 2 });
    log.toolCall({
      tool: 'show_card',
      agent: 'Reading',
      params: {},
      result: 'success',
      durationMs: 200,
    });
    advance(1_000);
    log.end();
    log.end();
    const summaries = events.filter((event) => event.event === 'session_summary');
    expect(summaries).toEqual([
      {
        event: 'session_summary',
        sessionId: 'session-1',
        time: '2025-01-01T12:00:16.000Z',
        durationMs: 16_000,
        transitions: 2,
        toolCalls: { draw_card: 2, show_card: 1 },
        cardsDrawn: 2,
        averageToolMs: 200,
        agentDurationsMs: { IntentAssessment: 10_000, SpreadGeneration: 5_000, Reading: 1_000 },
      },
    ]);
  });

  it('logs no summary for a session that never started (a refused connection)', () => {
    const { log, events } = collectingLog();
    log.error({ type: 'connection', message: 'Refused.', connectionStatus: 'error' });
    log.end();
    expect(events.map((event) => event.event)).toEqual(['error']);
  });

  it('never carries transcript, prompt or secret fields in any event', () => {
    const { log, events } = collectingLog();
    log.start({
      initialAgent: 'IntentAssessment',
      tokenExpiresAt: null,
      mode: 'voice',
      engine: 'openai',
    });
    log.agentTransition('IntentAssessment', 'SpreadGeneration', { topic: 'love' });
    log.toolCall({
      tool: 'show_card',
      agent: 'Reading',
      params: { cardId: 'the-fool', reversed: false },
      result: 'success',
      durationMs: 5,
    });
    log.error({
      type: 'timeout',
      severity: 'warning',
      message: 'Agent timeout',
      connectionStatus: 'connected',
    });
    log.end();
    expect(events.map((event) => event.event)).toEqual([
      'session_start',
      'agent_transition',
      'tool_call',
      'error',
      'session_summary',
    ]);
    for (const event of events) expectNoTranscriptFields(event);
  });

  it('refuses an event with a field outside the contract, such as a transcript', () => {
    configureEvents({ console: false });
    const received: LogEvent[] = [];
    const remove = addEventSink((event) => received.push(event));
    const sneaky = {
      event: 'agent_transition',
      sessionId: 's',
      time: new Date().toISOString(),
      from: 'IntentAssessment',
      to: 'SpreadGeneration',
      durationMs: 1,
      contextSummary: { topic: 'love', intentSummary: 'Will they call me back?' },
    };
    expect(emitEvent(sneaky as unknown as LogEvent)).toBe(false);
    expect(received).toEqual([]);
    remove();
  });

  it('sends each event to the sinks and, where an endpoint is configured, as a beacon', () => {
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
    vi.stubGlobal('navigator', { sendBeacon, userAgent: 'TestBrowser/1.0' });
    configureEvents({ endpoint: '/api/events', console: false });
    const received: LogEvent[] = [];
    const remove = addEventSink((event) => received.push(event));
    const log = new SessionLog('session-2');
    log.start({
      initialAgent: 'IntentAssessment',
      tokenExpiresAt: null,
      mode: 'text',
      engine: 'local',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ userAgent: 'TestBrowser/1.0' });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon.mock.calls[0]?.[0]).toBe('/api/events');
    remove();
    vi.unstubAllGlobals();
  });

  it('writes to the console in development and not when told otherwise', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    configureEvents({ console: true });
    new SessionLog('s').start({
      initialAgent: 'IntentAssessment',
      tokenExpiresAt: null,
      mode: 'text',
      engine: 'local',
    });
    expect(info).toHaveBeenCalledTimes(1);
    configureEvents({ console: false });
    new SessionLog('s').start({
      initialAgent: 'IntentAssessment',
      tokenExpiresAt: null,
      mode: 'text',
      engine: 'local',
    });
    expect(info).toHaveBeenCalledTimes(1);
    info.mockRestore();
  });
});

describe('describeError', () => {
  it('reads the message of an Error, a string, or the SDK’s wrapped error', () => {
    expect(describeError(new Error('socket closed'))).toBe('socket closed');
    expect(describeError('plain words')).toBe('plain words');
    expect(describeError({ type: 'error', error: { message: 'bad key' } })).toBe('bad key');
  });

  it('turns a bare DOM-like Event (a refused handshake) into the readable fallback', () => {
    const bareEvent = { type: 'error', isTrusted: true };
    expect(describeError(bareEvent, 'The reader refused the connection.')).toBe(
      'The reader refused the connection.',
    );
    expect(describeError({ type: 'error', error: bareEvent }, 'Refused.')).toBe('Refused.');
  });
});

describe('event beacons carry codes and numbers, not free text', () => {
  it('beacons an error as its code with no stack, and a tool parameter in words as its length, which the edge accepts', async () => {
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
    vi.stubGlobal('navigator', { sendBeacon, userAgent: 'TestBrowser/1.0' });
    configureEvents({ endpoint: '/api/events', console: false });
    const log = new SessionLog('session-beacon');
    log.error({
      type: 'connection',
      message: 'The connection dropped while my question about Sam was pending.',
      error: new Error('socket closed'),
      connectionStatus: 'disconnected',
    });
    log.toolCall({
      tool: 'draw_card',
      agent: 'SpreadGeneration',
      params: { positionLabel: 'Past', promptRole: 'what shaped the situation' },
      result: 'error',
      errorCode: 'cancelled',
      durationMs: 12,
    });
    const bodies = await Promise.all(
      sendBeacon.mock.calls.map(async ([, data]) => JSON.parse(await data.text()) as unknown),
    );
    vi.unstubAllGlobals();
    expect(bodies).toHaveLength(2);
    const [error, tool] = bodies.map((body) => BeaconEvent.parse(body));
    expect(error).toMatchObject({ event: 'error', message: 'connection_error' });
    expect(JSON.stringify(error)).not.toMatch(/Sam|socket closed|stack/);
    expect(tool).toMatchObject({
      params: { positionLabel: 'Past', promptRole: 'what shaped the situation'.length },
      errorCode: 'cancelled',
    });
    // The edge takes each as it is sent.
    for (const body of bodies) {
      const response = await app.request(
        'http://edge.test/api/events',
        {
          method: 'POST',
          headers: { origin: 'http://edge.test', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        deployed(),
      );
      expect(response.status).toBe(204);
    }
  });
});
