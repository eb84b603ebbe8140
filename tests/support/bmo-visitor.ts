/**
 * One simulated visitor of /bmo, on `@livekit/rtc-node`, doing what the page does and nothing more:
 * it mints a token through the edge (`POST /api/livekit/token` with the page's `Origin`), joins the
 * room, waits for BMO (an agent participant whose state is `listening`, and its greeting), types
 * questions on `lk.chat`, reads BMO's answers on `lk.transcription` and the cassette on topic
 * `cassette` (through the contract's parser), and leaves. It relies on nothing but "mint, join,
 * BMO arrives": not on when or how the edge asks LiveKit for BMO.
 *
 * When BMO leaves mid-conversation (its worker died), the visitor does what the page's Reconnect
 * does: a fresh token, a fresh room, BMO again, and it carries on with the questions left.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DisconnectReason,
  ParticipantKind,
  type RemoteParticipant,
  Room,
  RoomEvent,
} from '@livekit/rtc-node';
import { CASSETTE_TOPIC, parseCassette } from '../../contracts/cassette-schema.ts';
import {
  AGENT_STATE_ATTRIBUTE,
  CHAT_TOPIC,
  LiveKitTokenResponse,
  TRANSCRIPTION_TOPIC,
} from '../../contracts/livekit-schema.ts';
import { ROOT } from './paths.ts';
import { JoinTooLate, joinRoom } from './rtc-join.ts';

/** The topic the agents SDK sends an agent session's events on (`TOPIC_SESSION_MESSAGES`). */
const AGENT_SESSION_TOPIC = 'lk.agent.session';

/** A value as the sample vault's note writes it (what BMO must answer comes from the notes). */
function fromSampleNote(note: string, label: RegExp): string {
  const value = label.exec(readFileSync(join(ROOT, 'agent/vault', note), 'utf8'))?.[1];
  if (!value) throw new Error(`the sample note ${note} has no ${String(label)}`);
  return value.trim();
}

export interface Question {
  text: string;
  /** What BMO's answer must say. */
  answer: RegExp;
  /** The cassette it must send, if any. */
  cassette?: { title: string; content: string };
}

/** The three questions each visitor types: a time, a cassette, a thank-you. */
export function visitorQuestions(): Question[] {
  return [
    { text: 'What time is it in Tokyo right now?', answer: /Tokyo \(Asia\/Tokyo, UTC\+9\)/ },
    {
      text: "What's my PhilHealth ID?",
      answer: /cassette/i,
      cassette: {
        title: 'PhilHealth ID',
        content: fromSampleNote('Health insurance.md', /PhilHealth ID \(PIN\):\s*(\S+)/),
      },
    },
    { text: 'thanks!', answer: /welcome|Anytime/ },
  ];
}

export interface VisitResult {
  ok: boolean;
  error?: string;
  /** The rooms the visitor was in, in order (more than one after a reconnect). */
  rooms: string[];
  tokenMs: number[];
  /** Token answered → BMO listening and greeted, per room. */
  bmoReadyMs: number[];
  /** Question sent → its answer complete, ms. */
  answerMs: number[];
  /** Question sent → its cassette received, ms. */
  cassetteMs: number[];
  /** Times BMO left mid-conversation. */
  bmoLost: number;
  /** BMO lost → BMO listening again in a fresh room, ms. */
  recoveryMs: number[];
  /** Joins made again because rtc-node's own handshake came too late (rtc-join.ts). */
  lateJoins: number;
}

export interface VisitOptions {
  /** The edge's base URL, which is also the page's origin. */
  edge: string;
  origin: string;
  questions?: Question[];
  /** How long to wait for BMO to join, and for each answer, ms. */
  bmoTimeoutMs?: number;
  answerTimeoutMs?: number;
  /** Awaited after each answered question (a fault scenario holds visitors mid-conversation). */
  afterQuestion?: (index: number) => Promise<void>;
  /** Reconnect when BMO leaves (default true), as the page's Reconnect does. */
  reconnect?: boolean;
}

const now = () => performance.now();

class Timeout extends Error {}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout(`${what} took over ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Mints a token as the page does; resolves with the answer and how long it took. */
export async function mintToken(
  edge: string,
  origin: string,
): Promise<{ grant: LiveKitTokenResponse; ms: number }> {
  const started = now();
  const response = await fetch(`${edge}/api/livekit/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ participantName: 'Visitor', timeZone: 'Europe/Paris' }),
  });
  const body: unknown = await response.json();
  const ms = now() - started;
  if (!response.ok)
    throw new Error(`token route answered ${response.status}: ${JSON.stringify(body)}`);
  return { grant: LiveKitTokenResponse.parse(body), ms };
}

/** A joined room, with what BMO says and sends collected as it comes. */
class Conversation {
  readonly room = new Room();
  /** Every finished `lk.transcription` stream; only the agent's count as BMO's words. */
  readonly #streams: { at: number; text: string; identity: string }[] = [];
  readonly cassettes: { at: number; title: string; content: string }[] = [];
  #changed = new Set<() => void>();
  #agent: RemoteParticipant | undefined;
  /** Why the conversation ended, once it has: BMO left, or the visitor's own connection closed. */
  #lost: string | undefined;

  constructor() {
    const isAgent = (p: RemoteParticipant | undefined) => p?.kind === ParticipantKind.AGENT;
    this.room.on(RoomEvent.ParticipantConnected, (p) => {
      if (isAgent(p)) this.#agent = p;
      this.#notify();
    });
    this.room.on(RoomEvent.ParticipantAttributesChanged, () => this.#notify());
    this.room.on(RoomEvent.ParticipantDisconnected, (p) => {
      if (p.identity === this.#agent?.identity) this.#lost ??= 'BMO left the room';
      this.#notify();
    });
    this.room.on(RoomEvent.Disconnected, (reason) => {
      this.#lost ??= `the visitor's connection closed (${DisconnectReason[reason] ?? reason})`;
      this.#notify();
    });
    this.room.on(RoomEvent.DataReceived, (payload, participant, _kind, topic) => {
      if (topic !== CASSETTE_TOPIC || !isAgent(participant)) return;
      const parsed = parseCassette(payload);
      if (parsed.ok) this.cassettes.push({ at: now(), ...parsed.cassette });
      this.#notify();
    });
    // BMO's agent session also streams its own events on this topic (for LiveKit's agent tools),
    // which the page does not read. Read and dropped here: left to rtc-node, each stream's handle
    // is dropped on arrival, which throws out of its event loop when the room has just closed.
    this.room.registerByteStreamHandler(AGENT_SESSION_TOPIC, (reader) => {
      reader.readAll().catch(() => undefined);
    });
    // a stream can open before its sender's details arrive: keep it, decide whose it is on reading
    this.room.registerTextStreamHandler(TRANSCRIPTION_TOPIC, (reader, { identity }) => {
      // a line cut off by leaving the room ("Disconnected while receiving") is nothing to keep
      reader.readAll().then(
        (text) => {
          this.#streams.push({ at: now(), text, identity });
          this.#notify();
        },
        () => undefined,
      );
    });
  }

  /** BMO's lines so far. */
  get lines(): { at: number; text: string }[] {
    return this.#streams.filter((line) => line.identity === this.#agent?.identity);
  }

  get lost(): boolean {
    return this.#lost !== undefined;
  }

  #notify(): void {
    for (const fn of [...this.#changed]) fn();
  }

  /** Resolves once `check` returns a value; rejects when BMO leaves or after `ms`. */
  until<T>(check: () => T | undefined, ms: number, what: string): Promise<T> {
    let waiter = () => {};
    return within(
      new Promise<T>((resolve, reject) => {
        const test = () => {
          const value = check();
          if (value !== undefined) {
            this.#changed.delete(test);
            resolve(value);
          } else if (this.#lost !== undefined) {
            this.#changed.delete(test);
            reject(new BmoLost(this.#lost));
          }
        };
        waiter = test;
        this.#changed.add(test);
        test();
      }),
      ms,
      what,
    ).finally(() => this.#changed.delete(waiter));
  }

  async join(grant: LiveKitTokenResponse, ms: number): Promise<void> {
    await joinRoom(this.room, grant.serverUrl, grant.participantToken, {
      autoSubscribe: false,
      dynacast: false,
    });
    for (const p of this.room.remoteParticipants.values()) {
      if (p.kind === ParticipantKind.AGENT) this.#agent = p;
    }
    // BMO is in, listening, and has greeted: what the page waits for before it lets one type
    await this.until(
      () =>
        this.#agent?.attributes[AGENT_STATE_ATTRIBUTE] === 'listening' && this.lines.length > 0
          ? true
          : undefined,
      ms,
      'BMO joining',
    );
  }

  async leave(): Promise<void> {
    this.#lost ??= 'the visitor left';
    await this.room.disconnect().catch(() => undefined);
  }
}

/** The conversation ended under a visitor still talking: `why` says how. */
/** A visit's result before anything has happened: nothing measured, not ok. */
export function emptyVisitResult(): VisitResult {
  return {
    ok: false,
    rooms: [],
    tokenMs: [],
    bmoReadyMs: [],
    answerMs: [],
    cassetteMs: [],
    bmoLost: 0,
    recoveryMs: [],
    lateJoins: 0,
  };
}

class BmoLost extends Error {
  constructor(why: string) {
    super(why);
  }
}

/** One visit: mint, join, BMO, the questions (each answer and cassette checked), leave. */
export async function visit(options: VisitOptions): Promise<VisitResult> {
  const questions = options.questions ?? visitorQuestions();
  const bmoMs = options.bmoTimeoutMs ?? 60_000;
  const answerMs = options.answerTimeoutMs ?? 30_000;
  const result = emptyVisitResult();
  let conversation: Conversation | undefined;
  const open = async () => {
    const { grant, ms } = await mintToken(options.edge, options.origin);
    result.tokenMs.push(ms);
    result.rooms.push(grant.roomName);
    const started = now();
    for (;;) {
      conversation = new Conversation();
      try {
        await conversation.join(grant, bmoMs);
        break;
      } catch (error) {
        // this process reached its join too late (a busy machine), not the room: join it again,
        // once, as the room's token still allows
        if (!(error instanceof JoinTooLate) || result.lateJoins > 0) throw error;
        result.lateJoins += 1;
      }
    }
    result.bmoReadyMs.push(now() - started);
    return conversation;
  };
  try {
    let talk = await open();
    for (let i = 0; i < questions.length;) {
      const question = questions[i];
      if (!question) break;
      try {
        const lineCount = talk.lines.length;
        const cassetteCount = talk.cassettes.length;
        const sent = now();
        await talk.room.localParticipant?.sendText(question.text, { topic: CHAT_TOPIC });
        const line = await talk.until(
          () => talk.lines.slice(lineCount).find((l) => l.text !== question.text),
          answerMs,
          `the answer to "${question.text}"`,
        );
        if (!question.answer.test(line.text)) {
          throw new Error(`BMO answered "${question.text}" with something else`);
        }
        result.answerMs.push(line.at - sent);
        if (question.cassette) {
          const expected = question.cassette;
          const cassette = await talk.until(
            () => talk.cassettes.slice(cassetteCount).at(0),
            answerMs,
            `the cassette for "${question.text}"`,
          );
          if (cassette.title !== expected.title || cassette.content !== expected.content) {
            throw new Error(`the cassette for "${question.text}" holds something else`);
          }
          result.cassetteMs.push(cassette.at - sent);
        }
        i += 1;
        await options.afterQuestion?.(i);
      } catch (error) {
        if (!(error instanceof BmoLost) || options.reconnect === false) throw error;
        // the page's Reconnect: a fresh token and room, BMO again, the same question again
        result.bmoLost += 1;
        const lostAt = now();
        await talk.leave();
        talk = await open();
        result.recoveryMs.push(now() - lostAt);
      }
    }
    result.ok = true;
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    await conversation?.leave();
  }
  return result;
}
