import { ScriptedRealtimeTransport } from '@openai/agents-realtime/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type LogEvent,
  LogEvent as LogEventSchema,
} from '../../../../../contracts/events-schema.ts';
import { getCard } from '../../../../../reader/reading/deck.ts';
import {
  type IntentHandoff,
  type ReadingHandoff,
  type SpreadHandoff,
  ToolErrorResult,
} from '../../../../../contracts/reading-schema.ts';
import { SessionLog } from '../../../../../web-components/events/index.ts';
import {
  RealtimeReading,
  type ReadingTimeouts,
} from '../../../../../web-components/tarot/session/realtime-reading.ts';
import { APP_NOTE_PREFIX } from '../../../../../web-components/tarot/state/transcript.ts';
import { createReadingStore } from '../../../../../web-components/stores/reading.ts';
import { pageAnnouncer } from '../../../../../web-components/stores/announcer.ts';
import { until } from '../../../../support/wait.ts';

const SendOutput = z.object({
  method: z.literal('sendFunctionCallOutput'),
  toolCall: z.object({ callId: z.string(), name: z.string() }),
  output: z.string(),
});
const UpdateConfig = z.object({
  method: z.literal('updateSessionConfig'),
  config: z.object({
    instructions: z.string(),
    tools: z.array(z.object({ name: z.string() })),
  }),
});
const Connect = z.object({
  method: z.literal('connect'),
  options: z.object({
    initialSessionConfig: z.object({
      instructions: z.string(),
      outputModalities: z.array(z.string()),
      tools: z.array(z.object({ name: z.string() })),
    }),
  }),
});
const SendMessage = z.object({ method: z.literal('sendMessage'), message: z.string() });

const intent: IntentHandoff = {
  intentSummary: 'Should I take the job offer in Lisbon?',
  hiddenConcern: 'Leaving friends behind',
  topic: 'career',
  timeframe: 'the next three months',
};

interface Harness {
  controller: RealtimeReading;
  store: ReturnType<typeof createReadingStore>;
  transport: ScriptedRealtimeTransport;
  events: LogEvent[];
  /** The model calls a tool (or a handoff). */
  call(name: string, args: unknown): string;
  /** The output the SDK sent back for a call id. */
  output(callId: string): Promise<unknown>;
  /** The model ends its turn. */
  turnDone(): void;
  configs(): z.infer<typeof UpdateConfig>['config'][];
  messages(): string[];
}

const open: RealtimeReading[] = [];
afterEach(() => {
  for (const controller of open.splice(0)) controller.end();
});

async function startReading(
  timeouts: Partial<ReadingTimeouts> = {},
  options: { reconnect?: boolean } = {},
): Promise<Harness> {
  const store = createReadingStore();
  const transport = new ScriptedRealtimeTransport();
  const events: LogEvent[] = [];
  const controller = new RealtimeReading({
    store,
    mode: 'text',
    connect: async () => ({
      engine: 'local',
      token: 'ek_local_test',
      expiresAt: Math.floor(Date.now() / 1000) + 60,
      model: 'gpt-realtime',
      url: 'ws://127.0.0.1:9/api/reader/realtime',
    }),
    createTransport: () => transport,
    createLog: (id) =>
      new SessionLog(id, {
        emit: (event) => {
          events.push(event);
          return true;
        },
      }),
    newSessionId: () => 'session-under-test',
    timeouts: { showMs: 2000, nudgeMs: 60_000, ...timeouts },
    ...options,
  });
  open.push(controller);
  expect(await controller.start()).toBe(true);
  let nextCall = 0;
  let nextResponse = 0;
  const calls = new Map<string, { itemId: string; name: string; arguments: string }>();
  const records = () => transport.calls as readonly unknown[];
  return {
    controller,
    store,
    transport,
    events,
    call(name, args) {
      const callId = `call_${++nextCall}`;
      const responseId = `resp_${++nextResponse}`;
      const item = {
        itemId: `fc_${nextCall}`,
        name,
        arguments: typeof args === 'string' ? args : JSON.stringify(args),
      };
      calls.set(callId, item);
      // As the WebSocket transport does on response.output_item.done: the item, then the call.
      transport.emit('item_update', {
        ...item,
        type: 'function_call',
        status: 'in_progress',
        output: null,
      });
      transport.emit('function_call', {
        id: item.itemId,
        type: 'function_call',
        name,
        callId,
        arguments: item.arguments,
        responseId,
      });
      return callId;
    },
    async output(callId) {
      const sent = await until(
        () =>
          records()
            .map((record) => SendOutput.safeParse(record))
            .find((parsed) => parsed.success && parsed.data.toolCall.callId === callId),
        `the output of ${callId}`,
      );
      if (!sent.success) throw new Error('unreachable');
      const item = calls.get(callId);
      // As the WebSocket transport does once the output is sent: the item, completed.
      if (item) {
        transport.emit('item_update', {
          ...item,
          type: 'function_call',
          status: 'completed',
          output: sent.data.output,
        });
      }
      return JSON.parse(sent.data.output);
    },
    turnDone() {
      transport.emit('turn_done', {
        type: 'response_done',
        response: {
          id: `resp_${++nextResponse}`,
          output: [],
          usage: {
            requests: 1,
            inputTokens: 0,
            outputTokens: 0,
            totalTokens: 0,
            inputTokensDetails: {},
            outputTokensDetails: {},
          },
        },
      });
    },
    configs: () =>
      records().flatMap((record) => {
        const parsed = UpdateConfig.safeParse(record);
        return parsed.success ? [parsed.data.config] : [];
      }),
    messages: () =>
      records().flatMap((record) => {
        const parsed = SendMessage.safeParse(record);
        return parsed.success ? [parsed.data.message] : [];
      }),
  };
}

const toolNames = (config: { tools: { name: string }[] }) =>
  config.tools.map((tool) => tool.name).sort();

async function handOffToSpread(h: Harness): Promise<void> {
  const callId = h.call('transfer_to_SpreadGeneration', intent);
  expect(await h.output(callId)).toEqual({ assistant: 'SpreadGeneration' });
}

async function drawCard(h: Harness, positionLabel: string, pick: unknown): Promise<unknown> {
  const callId = h.call('draw_card', {
    positionLabel,
    promptRole: `the ${positionLabel.toLowerCase()}`,
  });
  await until(() => (h.store.$picker.get().open ? true : undefined), 'the picker to open');
  expect(h.controller.pick(pick)).toBe(true);
  return h.output(callId);
}

const spread: SpreadHandoff = {
  spread: {
    name: 'Past, Present, Future',
    positions: [
      { label: 'Past', role: 'the past' },
      { label: 'Present', role: 'the present' },
    ],
  },
  cards: [
    {
      cardId: 'the-tower',
      cardName: 'The Tower',
      reversed: true,
      positionLabel: 'Past',
      promptRole: 'the past',
    },
    {
      cardId: 'ace-of-cups',
      cardName: 'Ace of Cups',
      reversed: false,
      positionLabel: 'Present',
      promptRole: 'the present',
    },
  ],
};

describe('the four-agent graph', () => {
  it('starts on IntentAssessment with no tools but the handoff to SpreadGeneration, in text output', async () => {
    const h = await startReading();
    const connect = Connect.parse(h.transport.calls[0]);
    expect(toolNames(connect.options.initialSessionConfig)).toEqual([
      'transfer_to_SpreadGeneration',
    ]);
    expect(connect.options.initialSessionConfig.outputModalities).toEqual(['text']);
    expect(connect.options.initialSessionConfig.instructions).toContain('ONE clarifying question');
    expect(h.store.$agent.get()).toBe('IntentAssessment');
    expect(h.store.$connection.get()).toBe('connected');
    expect(h.store.$engine.get()).toBe('local');
    expect(h.events[0]).toMatchObject({
      event: 'session_start',
      initialAgent: 'IntentAssessment',
      mode: 'text',
      engine: 'local',
    });
  });

  it('gives each agent exactly its tools and handoffs', async () => {
    const h = await startReading();
    const agents = h.controller.agents;
    if (!agents) throw new Error('agents not built');
    const context = h.controller.session?.context;
    if (!context) throw new Error('no session');
    const allocation: Record<string, string[]> = {};
    for (const [name, agent] of Object.entries(agents)) {
      const tools = await agent.getAllTools(context);
      const handoffs = await agent.getEnabledHandoffs(context);
      allocation[name] = [
        ...tools.map((tool) => tool.name),
        ...handoffs.map((handoff) => handoff.toolName),
      ].sort();
    }
    expect(allocation).toEqual({
      IntentAssessment: ['transfer_to_SpreadGeneration'],
      SpreadGeneration: ['draw_card', 'transfer_to_Reading'],
      Reading: ['show_card', 'transfer_to_Followup'],
      Followup: ['draw_card', 'show_card'],
    });
  });

  it('carries each handoff’s input into the shared context, the store and the next agent’s instructions', async () => {
    const h = await startReading();
    await handOffToSpread(h);
    expect(h.controller.facts.intent).toEqual(intent);
    expect(h.store.$intent.get()).toEqual(intent);
    expect(h.store.$agent.get()).toBe('SpreadGeneration');
    const spreadConfig = h.configs().at(-1);
    if (!spreadConfig) throw new Error('no session update after the handoff');
    expect(toolNames(spreadConfig)).toEqual(['draw_card', 'transfer_to_Reading']);
    expect(spreadConfig.instructions).toContain('Should I take the job offer in Lisbon?');
    expect(spreadConfig.instructions).toContain('Leaving friends behind');

    expect(
      await drawCard(h, 'Past', { cardId: 'the-tower', cardName: 'The Tower', reversed: true }),
    ).toEqual({
      cardId: 'the-tower',
      cardName: 'The Tower',
      reversed: true,
    });
    expect(h.store.$picker.get()).toEqual({ open: false });
    expect(
      await drawCard(h, 'Present', {
        cardId: 'ace-of-cups',
        cardName: 'Ace of Cups',
        reversed: false,
      }),
    ).toMatchObject({
      cardId: 'ace-of-cups',
    });
    expect(h.store.$cards.get().map((card) => [card.positionLabel, card.cardId])).toEqual([
      ['Past', 'the-tower'],
      ['Present', 'ace-of-cups'],
    ]);

    const toReading = h.call('transfer_to_Reading', spread);
    expect(await h.output(toReading)).toEqual({ assistant: 'Reading' });
    expect(h.store.$spread.get()).toEqual(spread.spread);
    expect(h.controller.facts.spread).toEqual(spread.spread);
    const readingConfig = h.configs().at(-1);
    if (!readingConfig) throw new Error('no session update');
    expect(toolNames(readingConfig)).toEqual(['show_card', 'transfer_to_Followup']);
    expect(readingConfig.instructions).toContain(
      'The Tower, reversed [cardId "the-tower", reversed true]',
    );
    expect(readingConfig.instructions).toContain('call show_card');

    const show = h.call('show_card', { cardId: 'the-tower', reversed: true });
    await until(() => h.store.$displayed.get() ?? undefined, 'the card on display');
    expect(h.store.$displayed.get()).toMatchObject({ cardId: 'the-tower', status: 'revealing' });
    h.controller.cardShown('the-tower');
    expect(await h.output(show)).toEqual({ success: true, cardId: 'the-tower', reversed: true });
    expect(h.store.$displayed.get()?.status).toBe('shown');

    const reading: ReadingHandoff = {
      interpretations: [
        { cardId: 'the-tower', positionLabel: 'Past', summary: 'An upheaval cleared the ground.' },
      ],
      synthesis: 'Change has already begun.',
      advice: 'Visit Lisbon before deciding.',
    };
    const toFollowup = h.call('transfer_to_Followup', reading);
    expect(await h.output(toFollowup)).toEqual({ assistant: 'Followup' });
    expect(h.store.$reading.get()).toEqual(reading);
    expect(h.store.$agent.get()).toBe('Followup');
    const followupConfig = h.configs().at(-1);
    if (!followupConfig) throw new Error('no session update');
    expect(toolNames(followupConfig)).toEqual(['draw_card', 'show_card']);
    expect(followupConfig.instructions).toContain('Visit Lisbon before deciding.');
    expect(followupConfig.instructions).toContain('3 left');

    const transitions = h.events.filter((event) => event.event === 'agent_transition');
    expect(transitions.map((event) => `${event.from}→${event.to}`)).toEqual([
      'IntentAssessment→SpreadGeneration',
      'SpreadGeneration→Reading',
      'Reading→Followup',
    ]);
    expect(transitions[0]).toMatchObject({
      contextSummary: { topic: 'career', hasHiddenConcern: true },
    });
    expect(transitions[1]).toMatchObject({ contextSummary: { cards: 2, positions: 2 } });
    for (const event of h.events) expect(LogEventSchema.safeParse(event).success).toBe(true);
    expect(JSON.stringify(h.events)).not.toContain('Lisbon');
  });
});

describe('tool failures come back to the agent as error objects', () => {
  it('show_card with a card id not in the deck returns not_found and the phase stays', async () => {
    const h = await startReading();
    await handOffToSpread(h);
    await drawCard(h, 'Past', { cardId: 'the-tower', cardName: 'The Tower', reversed: false });
    h.call('transfer_to_Reading', { ...spread, cards: [spread.cards[0]] });
    await until(() => (h.store.$agent.get() === 'Reading' ? true : undefined), 'the Reading agent');
    const result = ToolErrorResult.parse(
      await h.output(h.call('show_card', { cardId: 'the-moon-pie', reversed: false })),
    );
    expect(result.error.code).toBe('not_found');
    expect(h.store.$agent.get()).toBe('Reading');
    expect(h.events).toContainEqual(
      expect.objectContaining({
        event: 'tool_call',
        tool: 'show_card',
        result: 'error',
        errorCode: 'not_found',
      }),
    );
    expect(h.events).toContainEqual(
      expect.objectContaining({ event: 'error', type: 'tool', agent: 'Reading' }),
    );
  });

  it('logs draw_card’s promptRole (written from the visitor’s question) by its length, never its words', async () => {
    const h = await startReading();
    await handOffToSpread(h);
    const promptRole = 'whether Maria at the bakery will forgive me';
    const callId = h.call('draw_card', { positionLabel: 'Past', promptRole });
    await until(() => h.store.$picker.get().open, 'the picker');
    h.controller.pick({ cardId: 'the-tower', cardName: 'The Tower', reversed: false });
    await h.output(callId);
    const draw = h.events.find(
      (event) => event.event === 'tool_call' && event.tool === 'draw_card',
    );
    expect(draw).toMatchObject({
      params: { positionLabel: 'Past', promptRoleLength: promptRole.length },
    });
    expect(JSON.stringify(h.events)).not.toContain('Maria');
  });

  it('draw_card refuses a card already drawn in this reading', async () => {
    const h = await startReading();
    await handOffToSpread(h);
    await drawCard(h, 'Past', { cardId: 'the-tower', cardName: 'The Tower', reversed: false });
    const again = ToolErrorResult.parse(
      await drawCard(h, 'Present', { cardId: 'the-tower', cardName: 'The Tower', reversed: true }),
    );
    expect(again.error.code).toBe('already_drawn');
    expect(h.store.$cards.get()).toHaveLength(1);
    expect(h.store.$agent.get()).toBe('SpreadGeneration');
  });

  it('draw_card reports a pick the person cancelled', async () => {
    const h = await startReading();
    await handOffToSpread(h);
    const callId = h.call('draw_card', { positionLabel: 'Past', promptRole: 'the past' });
    await until(() => (h.store.$picker.get().open ? true : undefined), 'the picker');
    expect(h.controller.cancelPick()).toBe(true);
    expect(ToolErrorResult.parse(await h.output(callId)).error.code).toBe('cancelled');
    expect(h.store.$picker.get()).toEqual({ open: false });
  });

  it('says the phase change and the card to draw through its own announcer, never the page’s', async () => {
    const h = await startReading();
    const pageSaid = pageAnnouncer.$polite.get();
    await handOffToSpread(h);
    await until(
      () => h.controller.announcer.$polite.get()?.message === 'Now in the Spread Generation phase.',
      'the phase change',
    );
    h.call('draw_card', { positionLabel: 'Past', promptRole: 'the past' });
    await until(() => h.store.$picker.get().open, 'the picker');
    expect(h.controller.announcer.$polite.get()?.message).toBe(
      'Drawing a card for the Past position: the past. Pick a card from the deck.',
    );
    expect(pageAnnouncer.$polite.get()).toBe(pageSaid);
  });

  it('draw_card with arguments that do not match its schema returns a validation error', async () => {
    const h = await startReading();
    await handOffToSpread(h);
    const result = ToolErrorResult.parse(
      await h.output(h.call('draw_card', { positionLabel: '' })),
    );
    expect(result.error.code).toBe('validation');
    expect(h.store.$picker.get()).toEqual({ open: false });
  });

  it('draw_card gives the model a timeout error when nobody picks in time', async () => {
    const h = await startReading({ drawMs: 50 });
    await handOffToSpread(h);
    const callId = h.call('draw_card', { positionLabel: 'Past', promptRole: 'the past' });
    const result = ToolErrorResult.parse(await h.output(callId));
    expect(result.error.code).toBe('timeout');
    expect(h.events).toContainEqual(expect.objectContaining({ event: 'error', type: 'timeout' }));
  });
});

describe('a pending draw is always settled', () => {
  it('when the reading ends: the draw is cancelled, the picker closes and the summary is logged', async () => {
    const h = await startReading();
    await handOffToSpread(h);
    h.call('draw_card', { positionLabel: 'Past', promptRole: 'the past' });
    await until(() => (h.store.$picker.get().open ? true : undefined), 'the picker');
    h.controller.end();
    await until(
      () =>
        h.events.find((event) => event.event === 'tool_call' && event.errorCode === 'cancelled'),
      'the cancelled draw to be logged',
    );
    expect(h.store.$picker.get()).toEqual({ open: false });
    expect(h.store.$connection.get()).toBe('disconnected');
    expect(h.transport.status).toBe('disconnected');
    const summary = h.events.find((event) => event.event === 'session_summary');
    expect(summary).toMatchObject({ transitions: 1, cardsDrawn: 0 });
  });

  it('when the connection drops with reconnection off: the draw is cancelled and the person sees a readable error', async () => {
    const h = await startReading({}, { reconnect: false });
    await handOffToSpread(h);
    h.call('draw_card', { positionLabel: 'Past', promptRole: 'the past' });
    await until(() => (h.store.$picker.get().open ? true : undefined), 'the picker');
    h.transport.disconnect();
    await until(
      () =>
        h.events.find((event) => event.event === 'tool_call' && event.errorCode === 'cancelled'),
      'the cancelled draw',
    );
    expect(h.store.$error.get()).toEqual({
      kind: 'connection',
      message: 'The connection to the reader closed.',
    });
    expect(h.store.$picker.get()).toEqual({ open: false });
  });
});

describe('nudges and the agent timeout', () => {
  it('nudges the spread agent to proceed when its turn ends after a draw and nothing follows', async () => {
    const h = await startReading({ nudgeMs: 40 });
    await handOffToSpread(h);
    await drawCard(h, 'Past', { cardId: 'the-tower', cardName: 'The Tower', reversed: false });
    h.turnDone();
    const nudge = await until(
      () => h.messages().find((message) => message.startsWith(APP_NOTE_PREFIX)),
      'a nudge',
    );
    expect(nudge).toContain('transfer_to_Reading');
    expect(
      h.store.$transcript
        .get()
        .some((entry) => entry.kind === 'message' && entry.text.includes(APP_NOTE_PREFIX)),
    ).toBe(false);
  });

  it('does not nudge while the person is still picking a card', async () => {
    const h = await startReading({ nudgeMs: 30 });
    await handOffToSpread(h);
    h.call('draw_card', { positionLabel: 'Past', promptRole: 'the past' });
    await until(() => (h.store.$picker.get().open ? true : undefined), 'the picker');
    h.turnDone();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(h.messages().filter((message) => message.startsWith(APP_NOTE_PREFIX))).toEqual([]);
  });

  it('logs an "Agent timeout" warning after the phase limit and never closes the session', async () => {
    const h = await startReading({ agentMs: { SpreadGeneration: 60 } });
    await handOffToSpread(h);
    const warning = await until(
      () => h.events.find((event) => event.event === 'error' && event.type === 'timeout'),
      'the agent timeout',
    );
    expect(warning).toMatchObject({ severity: 'warning', agent: 'SpreadGeneration' });
    expect(warning.event === 'error' && warning.message).toContain('Agent timeout');
    expect(h.transport.status).toBe('connected');
    expect(h.store.$connection.get()).toBe('connected');
  });
});

describe('the transcript', () => {
  it('shows user and assistant messages and the cards drawn, in conversation order', async () => {
    const h = await startReading();
    h.transport.emit('item_update', {
      itemId: 'u1',
      type: 'message',
      role: 'user',
      status: 'completed',
      content: [{ type: 'input_text', text: 'Will I move abroad?' }],
    });
    h.transport.emit('item_update', {
      itemId: 'a1',
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'What draws you abroad?' }],
    });
    await handOffToSpread(h);
    await drawCard(h, 'Past', { cardId: 'the-tower', cardName: 'The Tower', reversed: true });
    await until(
      () => (h.store.$transcript.get().some((entry) => entry.kind === 'card') ? true : undefined),
      'the card entry',
    );
    expect(h.store.$transcript.get()).toEqual([
      { kind: 'message', id: 'u1', role: 'user', text: 'Will I move abroad?', done: true },
      { kind: 'message', id: 'a1', role: 'assistant', text: 'What draws you abroad?', done: true },
      { kind: 'phase', id: 'fc_1', agent: 'SpreadGeneration' },
      {
        kind: 'card',
        id: 'fc_2',
        action: 'drawn',
        cardId: 'the-tower',
        cardName: getCard('the-tower')?.name ?? '',
        reversed: true,
        positionLabel: 'Past',
      },
    ]);
  });
});

describe('connecting', () => {
  it('turns a refused handshake (a bare DOM Event) into a readable error', async () => {
    const store = createReadingStore();
    const transport = new ScriptedRealtimeTransport();
    transport.failNextCall('connect', new Event('error'));
    const events: LogEvent[] = [];
    const controller = new RealtimeReading({
      store,
      mode: 'text',
      connect: async () => ({
        engine: 'local',
        token: 'ek_local_x',
        expiresAt: 2_000_000_000,
        model: 'm',
        url: 'ws://127.0.0.1:9/r',
      }),
      createTransport: () => transport,
      createLog: (id) => new SessionLog(id, { emit: (event) => (events.push(event), true) }),
    });
    expect(await controller.start()).toBe(false);
    expect(store.$connection.get()).toBe('error');
    expect(store.$error.get()?.message).toBe(
      'The offline reader refused the connection. Try again in a moment.',
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'error', type: 'connection', connectionStatus: 'error' }),
    );
  });

  it('sends the person’s message only while connected', async () => {
    const h = await startReading();
    expect(h.controller.sendMessage('  ')).toBe(false);
    expect(h.controller.sendMessage('Will I move abroad?')).toBe(true);
    expect(h.messages()).toEqual(['Will I move abroad?']);
    h.controller.end();
    expect(h.controller.sendMessage('Hello?')).toBe(false);
  });
});
