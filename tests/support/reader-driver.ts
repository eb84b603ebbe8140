/**
 * A scripted Realtime client for the local reader, without the SDK: it declares each agent's tools
 * the way the SDK does (`session.update` with function tools), answers `draw_card` and `show_card`
 * calls (a deterministic list of picks, or a scripted failure), follows handoffs (new tools, the
 * transfer output, `response.create`), and keeps every server event it received.
 *
 * Transport-agnostic: give it a `transmit` (a raw WebSocket's `send`, or an in-process queue) and
 * feed it what arrives through `receive`: `inProcess` (below) wires it straight to the reader's
 * engine in this process, for the unit tests and the reader bench; the scale run drives the
 * reader's public WebSocket with it.
 */
import { z } from 'zod';
import { cardName } from '../../contracts/cards.ts';
import { RealtimeServerEnvelope } from '../../contracts/realtime.ts';
import { declaredTools } from '../../contracts/agent-graph.ts';
import type { AgentName } from '../../contracts/reading-schema.ts';
import type { SupportedLang } from '../../contracts/locale.ts';
import { ReaderSession } from '../../reader/protocol/engine.ts';

const fn = (name: string) => ({
  type: 'function',
  name,
  description: `The ${name} tool.`,
  parameters: { type: 'object', properties: {}, additionalProperties: true },
});

/** The tools the SDK declares for each agent of the reading: the agent graph's, as functions. */
export const AGENT_TOOLS: Record<AgentName, ReturnType<typeof fn>[]> = {
  IntentAssessment: declaredTools('IntentAssessment').map(fn),
  SpreadGeneration: declaredTools('SpreadGeneration').map(fn),
  Reading: declaredTools('Reading').map(fn),
  Followup: declaredTools('Followup').map(fn),
};

export const DEFAULT_PICKS: readonly { cardId: string; reversed: boolean }[] = [
  { cardId: 'the-tower', reversed: false },
  { cardId: 'three-of-cups', reversed: true },
  { cardId: 'the-star', reversed: false },
  { cardId: 'ace-of-pentacles', reversed: false },
  { cardId: 'the-moon', reversed: true },
  { cardId: 'queen-of-swords', reversed: false },
  { cardId: 'knight-of-wands', reversed: false },
];

const FunctionCallDone = z.object({
  type: z.literal('response.output_item.done'),
  response_id: z.string(),
  item: z.object({
    type: z.literal('function_call'),
    status: z.literal('completed'),
    name: z.string(),
    call_id: z.string(),
    arguments: z.string(),
  }),
});

const TextDone = z.object({
  type: z.enum(['response.output_text.done', 'response.output_audio_transcript.done']),
  response_id: z.string(),
  text: z.string().optional(),
  transcript: z.string().optional(),
});

export interface Call {
  name: string;
  callId: string;
  args: Record<string, unknown>;
  /** The agent that was active when the call was made. */
  agent: AgentName;
}

/** One line of the conversation as the client saw it, in order. */
export type Line =
  { kind: 'say'; agent: AgentName; text: string } | { kind: 'call'; agent: AgentName; call: Call };

export interface DriverOptions {
  transmit(raw: string): void;
  picks?: readonly { cardId: string; reversed: boolean }[];
  /** Overrides a tool's output (the nth call of that tool, from 0); undefined = the normal output. */
  toolOutput?(call: Call, nth: number): string | undefined;
  modality?: 'text' | 'audio';
}

export class ReaderDriver {
  readonly events: RealtimeServerEnvelope[] = [];
  readonly lines: Line[] = [];
  readonly calls: Call[] = [];
  agent: AgentName = 'IntentAssessment';
  responsesDone = 0;
  #options: DriverOptions;
  #picks: readonly { cardId: string; reversed: boolean }[];
  #nextPick = 0;
  #pending: Call[] = [];
  #toolCounts = new Map<string, number>();
  #createSeq = 0;

  constructor(options: DriverOptions) {
    this.#options = options;
    this.#picks = options.picks ?? DEFAULT_PICKS;
  }

  send(event: object | string): void {
    this.#options.transmit(typeof event === 'string' ? event : JSON.stringify(event));
  }

  /** The SDK's opening: a full session.update for the first agent, then the tracing update. */
  open(agent: AgentName = 'IntentAssessment', instructions?: string): void {
    this.agent = agent;
    this.declare(agent, instructions);
    this.send({ type: 'session.update', session: { type: 'realtime', tracing: 'auto' } });
  }

  declare(agent: AgentName, instructions = `You are ${agent}.`): void {
    this.send({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions,
        model: 'gpt-realtime',
        output_modalities: [this.#options.modality ?? 'text'],
        audio: { input: { turn_detection: null } },
        tools: AGENT_TOOLS[agent],
      },
    });
  }

  createResponse(): void {
    this.#createSeq += 1;
    this.send({
      type: 'response.create',
      event_id: `agents_js_response_create_${this.#createSeq}`,
    });
  }

  /** A typed user turn: the message, then response.create. */
  say(text: string): void {
    this.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
    });
    this.createResponse();
  }

  /**
   * A past message replayed into a resumed session, as the SDK's updateHistory sends it: with its
   * own item id, after the one before it, and no response.create.
   */
  replay(role: 'user' | 'assistant', text: string, id: string, previous: string): void {
    this.send({
      type: 'conversation.item.create',
      previous_item_id: previous,
      item: {
        type: 'message',
        role,
        id,
        status: 'completed',
        content: [{ type: role === 'user' ? 'input_text' : 'output_text', text }],
      },
    });
  }

  /** A push-to-talk turn: some audio, commit, response.create. */
  speak(): void {
    this.send({ type: 'input_audio_buffer.append', audio: 'AAAAAAAAAAAAAAAA' });
    this.send({ type: 'input_audio_buffer.commit' });
    this.createResponse();
  }

  receive(raw: string): void {
    const event = RealtimeServerEnvelope.parse(JSON.parse(raw));
    this.events.push(event);
    const call = FunctionCallDone.safeParse(event);
    if (call.success) {
      const parsed: unknown = JSON.parse(call.data.item.arguments);
      const args = z.record(z.string(), z.unknown()).parse(parsed);
      const record: Call = {
        name: call.data.item.name,
        callId: call.data.item.call_id,
        args,
        agent: this.agent,
      };
      this.calls.push(record);
      this.lines.push({ kind: 'call', agent: this.agent, call: record });
      this.#pending.push(record);
      return;
    }
    const text = TextDone.safeParse(event);
    if (text.success) {
      this.lines.push({
        kind: 'say',
        agent: this.agent,
        text: text.data.text ?? text.data.transcript ?? '',
      });
      return;
    }
    if (event.type === 'response.done') {
      this.responsesDone += 1;
      // Like the SDK: tool outputs go out once the response is over, each followed by a create.
      const pending = this.#pending;
      this.#pending = [];
      for (const record of pending) this.#answer(record);
    }
  }

  #answer(call: Call): void {
    const nth = this.#toolCounts.get(call.name) ?? 0;
    this.#toolCounts.set(call.name, nth + 1);
    const override = this.#options.toolOutput?.(call, nth);
    let output: string;
    if (call.name.startsWith('transfer_to_')) {
      const next = call.name.slice('transfer_to_'.length);
      const agent = (['IntentAssessment', 'SpreadGeneration', 'Reading', 'Followup'] as const).find(
        (name) => name === next,
      );
      if (!agent) throw new Error(`Unknown handoff ${call.name}`);
      this.agent = agent;
      this.declare(agent);
      output = JSON.stringify({ assistant: agent });
    } else if (override !== undefined) {
      output = override;
    } else if (call.name === 'draw_card') {
      const pick = this.#picks[this.#nextPick % this.#picks.length] ?? {
        cardId: 'the-fool',
        reversed: false,
      };
      this.#nextPick += 1;
      output = JSON.stringify({ ...pick, cardName: cardName(pick.cardId) ?? pick.cardId });
    } else {
      output = JSON.stringify({
        success: true,
        cardId: call.args.cardId,
        reversed: call.args.reversed,
      });
    }
    this.send({
      type: 'conversation.item.create',
      item: { type: 'function_call_output', call_id: call.callId, output },
    });
    this.createResponse();
  }

  /** Everything said, in order, by one agent (or all). */
  said(agent?: AgentName): string[] {
    return this.lines.flatMap((line) =>
      line.kind === 'say' && (agent === undefined || line.agent === agent) ? [line.text] : [],
    );
  }

  callsTo(name: string): Call[] {
    return this.calls.filter((call) => call.name === name);
  }

  errors(): RealtimeServerEnvelope[] {
    return this.events.filter((event) => event.type === 'error');
  }
}

/** Runs a whole reading to Followup: question, clarifying answer, every draw, show and handoff. */
export function runReading(
  driver: ReaderDriver,
  question = 'What should I focus on in my career this year?',
  answer = "I feel stuck at work and I'm not sure whether to stay.",
): void {
  driver.open();
  driver.say(question);
  driver.say(answer);
}

/** A driver wired straight to a `ReaderSession` in this process; frames are handled in order. */
export function inProcess(
  options: Omit<DriverOptions, 'transmit'> & { now?: () => number; lang?: SupportedLang } = {},
): {
  driver: ReaderDriver;
  session: ReaderSession;
} {
  const outbox: string[] = [];
  let pumping = false;
  // Frames the session sends while handling one are queued, never handled re-entrantly.
  const pump = () => {
    if (pumping) return;
    pumping = true;
    try {
      for (let raw = outbox.shift(); raw !== undefined; raw = outbox.shift()) {
        session.handleMessage(raw);
      }
    } finally {
      pumping = false;
    }
  };
  const driver = new ReaderDriver({
    ...options,
    transmit: (raw) => {
      outbox.push(raw);
      pump();
    },
  });
  const session = new ReaderSession({
    send: (event) => driver.receive(JSON.stringify(event)),
    ...(options.now ? { now: options.now } : {}),
    ...(options.lang ? { lang: options.lang } : {}),
  });
  session.start();
  return { driver, session };
}
