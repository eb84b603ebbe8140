/**
 * Everything the reading policy remembers across turns, phase by phase. One object per session,
 * owned by `ReaderPolicy` and handed to the phase functions (phases/*.ts), which read and update it.
 */
import type { SupportedLang } from '../../contracts/locale.ts';
import type {
  DrawnCard,
  IntentHandoff,
  ReadingHandoff,
  SpreadHandoff,
} from '../../contracts/reading-schema.ts';
import type { ReadCard } from './interpret.ts';
import type { ChosenSpread } from './spreads.ts';

export interface ShowState {
  /** Index in `cards` of the next card to show. */
  next: number;
  /** Index of the card whose show_card call is out. */
  showing: number | undefined;
  interpreted: ReadCard[];
  done: boolean;
}

export interface Clarification {
  /** 'cancelled': the person cancelled the draw, and was asked whether to draw again or end. */
  stage: 'draw' | 'show' | 'cancelled';
  question: string;
  card: DrawnCard | undefined;
  failures: number;
}

export interface PolicyState {
  /** The reading's checked language (absent: English, as a snapshot from before it was kept). */
  lang?: SupportedLang | undefined;
  // IntentAssessment
  question: string | undefined;
  answer: string | undefined;
  intent: IntentHandoff | undefined;
  // SpreadGeneration
  spread: ChosenSpread | undefined;
  nextPosition: number;
  drawing: number | undefined;
  drawFailures: number;
  drawn: DrawnCard[];
  /** A draw was cancelled: the reader asked whether to draw again or end ('ended' once ended). */
  drawChoice?: 'asked' | 'ended' | undefined;
  spreadHandoff: SpreadHandoff | undefined;
  // Reading
  show: ShowState | undefined;
  reading: ReadingHandoff | undefined;
  synthesis: string;
  // Followup
  followupGreeted: boolean;
  clarification: Clarification | undefined;
  clarificationCards: ReadCard[];
  followupScript: number;
  // Speech
  audioTurns: number;
}

export function initialPolicyState(lang?: SupportedLang): PolicyState {
  return {
    ...(lang && lang !== 'en' ? { lang } : {}),
    question: undefined,
    answer: undefined,
    intent: undefined,
    spread: undefined,
    nextPosition: 0,
    drawing: undefined,
    drawFailures: 0,
    drawn: [],
    spreadHandoff: undefined,
    show: undefined,
    reading: undefined,
    synthesis: '',
    followupGreeted: false,
    clarification: undefined,
    clarificationCards: [],
    followupScript: 0,
    audioTurns: 0,
  };
}
