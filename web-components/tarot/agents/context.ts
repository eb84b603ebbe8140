/**
 * The reading's shared run context and the host the agents' tools and handoffs talk to.
 *
 * `ReadingFacts` is what the phases have found so far. The reading makes one per
 * session and passes `{ reading: facts }` as the RealtimeSession's context; the SDK copies the
 * context object shallowly, so `runContext.context.reading` and the reading's `facts` are the
 * same object. Handoffs write into it, instructions read from it, tools append drawn cards to it.
 */
import type { ReadingStrings } from '../i18n/session-en.ts';
import type { RunContext } from '@openai/agents-core';
import type { ConnectionStatus, ErrorKind } from '../../../contracts/events.ts';
import type { CardIdentity } from '../../../contracts/cards.ts';
import type {
  AgentName,
  DrawCardParams,
  DrawnCard,
  IntentHandoff,
  ReadingHandoff,
  SpreadLayout,
  ToolErrorResult,
} from '../../../contracts/reading-schema.ts';
import type { ReadingStore } from '../../stores/reading.ts';
import type { ToolCallInput } from '../../events/index.ts';

export type { Modality } from '../../../contracts/reading-token.ts';
import type { Modality } from '../../../contracts/reading-token.ts';
import type { SupportedLang } from '../../../contracts/locale.ts';
import { LANG_NAMES } from '../../../contracts/locale-schema.ts';

export interface ReadingFacts {
  modality: Modality;
  /** The checked language the reading is told to answer in (contracts/locale.ts). */
  lang?: SupportedLang;
  intent: IntentHandoff | null;
  spread: SpreadLayout | null;
  /** Every card drawn in this reading, in the order drawn. */
  cards: DrawnCard[];
  /** Ids of the cards already shown with show_card. */
  shownCardIds: string[];
  reading: ReadingHandoff | null;
}

/** The RealtimeSession's context: the facts under one key (the SDK adds `history` beside it). */
export interface ReadingRunContext {
  reading: ReadingFacts;
}

export function createReadingFacts(modality: Modality, lang: SupportedLang = 'en'): ReadingFacts {
  return { modality, lang, intent: null, spread: null, cards: [], shownCardIds: [], reading: null };
}

/**
 * The line each agent's instructions end with for a language other than English: only a checked
 * tag from the closed list reaches here, named in the prompt's own words, never the page's text.
 */
export function languageLine(facts: Pick<ReadingFacts, 'lang'>): string {
  const lang = facts.lang ?? 'en';
  if (lang === 'en') return '';
  const name = LANG_NAMES[lang];
  return `\n\nThe person speaks ${name}: say everything in ${name}, card and position names included. Tool arguments stay as the tools define them (card ids, position keys): the page shows them in ${name}.`;
}

function isFacts(value: unknown): value is ReadingFacts {
  return (
    typeof value === 'object' &&
    value !== null &&
    'cards' in value &&
    Array.isArray(value.cards) &&
    'shownCardIds' in value &&
    Array.isArray(value.shownCardIds)
  );
}

/** The facts in a run context, or `fallback` when the context does not hold them. */
export function factsOf(
  runContext: RunContext<unknown> | undefined,
  fallback: ReadingFacts,
): ReadingFacts {
  const context: unknown = runContext?.context;
  if (typeof context === 'object' && context !== null && 'reading' in context) {
    const facts: unknown = context.reading;
    if (isFacts(facts)) return facts;
  }
  return fallback;
}

/** How a pending pick ended: the user's pick (still to be checked), or why there is none. */
export type PickOutcome =
  { status: 'picked'; pick: unknown } | { status: 'cancelled' | 'timeout'; message: string };

/** What the tools and handoffs need from the reading. */
export interface ReadingHost {
  readonly facts: ReadingFacts;
  readonly store: ReadingStore;
  /** Finds a card in the deck. */
  lookupCard(id: string): CardIdentity | undefined;
  /** Opens the picker for one position and waits for the user's pick, a cancel or the timeout. */
  requestPick(position: DrawCardParams): Promise<PickOutcome>;
  /** Whether a draw is waiting for the user right now. */
  pickPending(): boolean;
  /** Waits until the stage reports the card shown, or a short fallback timeout passes. */
  waitForShown(cardId: string): Promise<void>;
  /** Logs a tool call (tool_call event). */
  logToolCall(input: ToolCallInput): void;
  /** Logs an error (error event) with the current connection status. */
  logError(input: { type: ErrorKind; message: string; agent: AgentName; error?: unknown }): void;
  /** Counts a card drawn, for the session summary. */
  countCardDrawn(): void;
  connectionStatus(): ConnectionStatus;
  now(): number;
  /** The strings of the visitor's language, for what the tools show while they run. */
  strings(): ReadingStrings;
}

/** The object a failing tool returns to the agent. */
export function toolError(
  code: ToolErrorResult['error']['code'],
  message: string,
): ToolErrorResult {
  return { success: false, error: { code, message } };
}

// Context rendered into instructions. Short and factual: the agents read these, people do not.

export function describeIntent(intent: IntentHandoff | null): string {
  if (!intent) return 'The question has not been recorded yet.';
  return [
    `Question: ${intent.intentSummary}`,
    `Deeper concern: ${intent.hiddenConcern || 'none named'}`,
    `Topic: ${intent.topic}`,
    `Timeframe: ${intent.timeframe || 'open'}`,
  ].join('\n');
}

export function describeCard(card: DrawnCard): string {
  const orientation = card.reversed ? 'reversed' : 'upright';
  return `${card.positionLabel} (${card.promptRole}): ${card.cardName}, ${orientation} [cardId "${card.cardId}", reversed ${card.reversed}]`;
}

export function describeCards(cards: readonly DrawnCard[]): string {
  if (cards.length === 0) return 'No cards drawn yet.';
  return cards.map((card, index) => `${index + 1}. ${describeCard(card)}`).join('\n');
}

export function describeSpread(spread: SpreadLayout | null): string {
  if (!spread) return 'No spread chosen yet.';
  const positions = spread.positions.map((position) => `${position.label} (${position.role})`);
  return `${spread.name}: ${positions.join('; ')}`;
}

export function describeReading(reading: ReadingHandoff | null): string {
  if (!reading) return 'The reading has not been delivered yet.';
  const lines = reading.interpretations.map(
    (item) => `- ${item.positionLabel} [${item.cardId}]: ${item.summary}`,
  );
  return [
    ...lines,
    `Synthesis: ${reading.synthesis}`,
    `Advice: ${reading.advice || 'none given'}`,
  ].join('\n');
}

/** The modality's words: a voice agent speaks, a text agent writes. */
export function words(modality: Modality): { speak: string; listener: string; pace: string } {
  return modality === 'voice'
    ? {
        speak: 'speak',
        listener: 'listener',
        pace: 'Pace your words for the ear: short sentences, a natural pause between cards.',
      }
    : {
        speak: 'write',
        listener: 'reader',
        pace: 'Write short paragraphs, one per card, easy to read in a chat.',
      };
}
