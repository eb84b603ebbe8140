/**
 * The offline reader's reading policy: given the active agent (learnt from the tools the SDK
 * declared), the tools it may call and what happened since the last response (user words, a
 * committed audio turn, tool outputs), it decides what to say and which one tool to call next.
 *
 * It follows the agent graph for real: IntentAssessment asks one clarifying question and hands off
 * with an IntentHandoff; SpreadGeneration announces a spread, describes each position and calls
 * `draw_card` once per position, then hands off with the spread and the cards; Reading calls
 * `show_card` before interpreting each card, then gives a synthesis and advice and hands off;
 * Followup answers from the cards and draws (then shows) a clarification card on request.
 *
 * It cannot hear: a committed audio turn stands for the next line of a demo script, and the first
 * time that happens it says so plainly. Everything is deterministic.
 */
import {
  APP_NOTE_PREFIX,
  DrawCardResult,
  IntentHandoff,
  ReadingHandoff,
  ShowCardResult,
  SpreadHandoff,
  ToolErrorResult,
  handoffToolName,
  type AgentName,
  type DrawnCard,
  type SpreadPosition,
} from '../../contracts/reading.ts';
import {
  advise,
  answerFromCards,
  displayName,
  interpretCard,
  lookUp,
  nameWithOrientation,
  summariseCard,
  synthesise,
  type ReadCard,
} from './interpret.ts';
import { DRAW_CARD, SHOW_CARD } from '../../contracts/tools.ts';
import { chooseSpread, type ChosenSpread } from './spreads.ts';
import {
  DEFAULT_TIMEFRAME,
  clip,
  findHiddenConcern,
  findTimeframe,
  inferTopic,
  isFarewell,
  isGreeting,
  numberWord,
  spokenList,
  summariseQuestion,
  wantsClarificationCard,
  type Topic,
} from './text.ts';

export { DRAW_CARD, SHOW_CARD };

/** Something that happened since the last response. */
export type TurnInput =
  | { kind: 'user_text'; text: string }
  | { kind: 'user_audio' }
  | { kind: 'tool_output'; name: string; args: unknown; output: string };

export type ReaderAction =
  { kind: 'say'; text: string } | { kind: 'call'; name: string; args: Record<string, unknown> };

export interface TurnContext {
  agent: AgentName;
  /** Names of the function tools the active agent may call (handoffs included). */
  tools: ReadonlySet<string>;
  inputs: readonly TurnInput[];
  /** A tool this reader called whose output has not come back yet. */
  awaitingTool: string | undefined;
  modality: 'text' | 'audio';
}

/** The first words on the first audio turn. */
export const DEMO_DISCLOSURE =
  "I'm the offline reader and can't hear speech, so I'll follow a demo script:";

/** What the user "says" on each audio turn, by phase. */
export const DEMO_SCRIPT = {
  question: 'What should I focus on in my career this year?',
  answer:
    "I've felt stuck in my job lately, and I'm not sure whether to stay or try something new.",
  followups: [
    'What does the Future card say about my next step?',
    'Could you draw a clarification card for me?',
    "Thank you, that's all for today.",
  ],
  other: 'Please go on.',
} as const;

/** How many clarification cards Followup will draw (the spec: 1–3). */
export const MAX_CLARIFICATION_CARDS = 3;

const SDK_TOOL_ERROR =
  /^An error occurred while running the tool|timed out after|^Tool \S+ not found/;

type ToolOutcome<T> = { ok: true; value: T } | { ok: false };

function parseOutput(output: string): unknown {
  try {
    return JSON.parse(output);
  } catch {
    return output;
  }
}

/** A draw_card output: the card, or a failure (an error object, the SDK's error text, junk). */
function drawOutcome(output: string): ToolOutcome<DrawCardResult> {
  const result = DrawCardResult.safeParse(parseOutput(output));
  return result.success ? { ok: true, value: result.data } : { ok: false };
}

/** A show_card output: anything but a recognisable failure counts as shown. */
function showOutcome(output: string): ToolOutcome<null> {
  const parsed = parseOutput(output);
  if (ShowCardResult.safeParse(parsed).success) return { ok: true, value: null };
  if (ToolErrorResult.safeParse(parsed).success) return { ok: false };
  if (typeof parsed === 'object' && parsed !== null && 'success' in parsed) {
    return parsed.success === false ? { ok: false } : { ok: true, value: null };
  }
  if (typeof parsed === 'string' && SDK_TOOL_ERROR.test(parsed)) return { ok: false };
  return { ok: true, value: null };
}

function clarifyingQuestion(topic: Topic, timeframe: string | undefined): string {
  const when = timeframe ? '' : ' And is there a time span you have in mind?';
  switch (topic) {
    case 'love':
      return `Before we draw: what feels most uncertain to you right now, their feelings, your own, or where things are heading?${when}`;
    case 'career':
      return `Before we draw: is there a particular decision or change at work on your mind, and what are you hoping for?${when}`;
    case 'money':
      return `Before we draw: is this about a specific choice, like a purchase or a debt, or a more general sense of security?${when}`;
    case 'health':
      return `Before we draw, and remembering the cards are for reflection, not medical advice: what part of your wellbeing most needs attention?${when}`;
    case 'family':
      return `Before we draw: who in your family is this most about, and what would a good outcome look like to you?${when}`;
    case 'spiritual':
      return `Before we draw: what has been stirring this question in you lately?${when}`;
    case 'general':
      return `Before we draw: what is behind this question for you, what would you most like to understand?${when}`;
  }
}

interface ShowState {
  /** Index in `cards` of the next card to show. */
  next: number;
  /** Index of the card whose show_card call is out. */
  showing: number | undefined;
  interpreted: ReadCard[];
  done: boolean;
}

interface Clarification {
  stage: 'draw' | 'show';
  question: string;
  card: DrawnCard | undefined;
  failures: number;
}

export class ReaderPolicy {
  // IntentAssessment
  #question: string | undefined;
  #answer: string | undefined;
  #intent: IntentHandoff | undefined;
  // SpreadGeneration
  #spread: ChosenSpread | undefined;
  #nextPosition = 0;
  #drawing: number | undefined;
  #drawFailures = 0;
  #drawn: DrawnCard[] = [];
  #spreadHandoff: SpreadHandoff | undefined;
  // Reading
  #show: ShowState | undefined;
  #reading: ReadingHandoff | undefined;
  #synthesis = '';
  // Followup
  #followupGreeted = false;
  #clarification: Clarification | undefined;
  #clarificationCards: ReadCard[] = [];
  #followupScript = 0;
  // Speech
  #audioTurns = 0;

  /** What the reader knows so far (for logs and tests): never the user's words. */
  get summary(): {
    topic: Topic | undefined;
    spreadName: string | undefined;
    positions: number;
    cardsDrawn: number;
    interpretations: number;
    clarificationCards: number;
  } {
    return {
      topic: this.#intent?.topic,
      spreadName: this.#spread?.layout.name,
      positions: this.#spread?.layout.positions.length ?? 0,
      cardsDrawn: this.#drawn.length,
      interpretations: this.#show?.interpreted.length ?? 0,
      clarificationCards: this.#clarificationCards.length,
    };
  }

  respond(context: TurnContext): ReaderAction[] {
    const preface: string[] = [];
    const inputs = context.inputs.map((input): Exclude<TurnInput, { kind: 'user_audio' }> => {
      if (input.kind !== 'user_audio') return input;
      const line = this.#scriptLine(context.agent);
      this.#audioTurns += 1;
      preface.push(
        this.#audioTurns === 1
          ? `${DEMO_DISCLOSURE} I'll take it that you said, “${line}”`
          : `(Demo script: “${line}”)`,
      );
      return { kind: 'user_text', text: line };
    });
    const turn = { ...context, inputs };
    let actions: ReaderAction[];
    switch (context.agent) {
      case 'IntentAssessment':
        actions = this.#intentAssessment(turn);
        break;
      case 'SpreadGeneration':
        actions = this.#spreadGeneration(turn);
        break;
      case 'Reading':
        actions = this.#readingPhase(turn);
        break;
      case 'Followup':
        actions = this.#followup(turn);
        break;
    }
    return withPreface(preface, actions);
  }

  #scriptLine(agent: AgentName): string {
    if (agent === 'IntentAssessment') {
      if (this.#question === undefined) return DEMO_SCRIPT.question;
      if (this.#answer === undefined) return DEMO_SCRIPT.answer;
      return DEMO_SCRIPT.other;
    }
    if (agent === 'Followup') {
      const lines = DEMO_SCRIPT.followups;
      const line = lines[Math.min(this.#followupScript, lines.length - 1)] ?? DEMO_SCRIPT.other;
      this.#followupScript += 1;
      return line;
    }
    return DEMO_SCRIPT.other;
  }

  // ---------------------------------------------------------------- IntentAssessment

  #intentAssessment(turn: TurnContext & { inputs: readonly NonAudio[] }): ReaderAction[] {
    const text = userText(turn.inputs);
    const voice =
      turn.modality === 'audio'
        ? " I'm the offline reader: without an OpenAI key I can't hear speech, so when you talk I'll follow a demo script."
        : '';
    if (text === undefined) {
      if (this.#question === undefined) {
        return [
          say(
            `Welcome to your reading.${voice} What question would you like to bring to the cards today?`,
          ),
        ];
      }
      if (!this.#intent) {
        return [say(clarifyingQuestion(inferTopic(this.#question), findTimeframe(this.#question)))];
      }
      return this.#handOffIntent(turn, this.#intent);
    }
    if (this.#question === undefined) {
      if (isGreeting(text)) {
        return [
          say(`Hello, and welcome.${voice} What question would you like to bring to the cards?`),
        ];
      }
      this.#question = text;
      const topic = inferTopic(text);
      return [
        say(
          `Thank you for bringing that to the cards. ${clarifyingQuestion(topic, findTimeframe(text))}`,
        ),
      ];
    }
    this.#answer ??= text;
    const both = `${this.#question} ${this.#answer}`;
    this.#intent ??= IntentHandoff.parse({
      intentSummary: summariseQuestion(this.#question),
      hiddenConcern: findHiddenConcern(this.#answer),
      topic: inferTopic(both),
      timeframe: findTimeframe(this.#question) ?? findTimeframe(this.#answer) ?? DEFAULT_TIMEFRAME,
    });
    return this.#handOffIntent(turn, this.#intent);
  }

  #handOffIntent(turn: TurnContext, intent: IntentHandoff): ReaderAction[] {
    const tool = handoffToolName('SpreadGeneration');
    const heard = `Thank you, that gives me a clear picture. Your question: ${intent.intentSummary}`;
    if (!turn.tools.has(tool)) {
      return [say(`${heard} I can't pass you on to lay out a spread from here, I'm afraid.`)];
    }
    return [say(`${heard} Let's choose the right spread for it.`), call(tool, intent)];
  }

  // ---------------------------------------------------------------- SpreadGeneration

  #intentOrFallback(turn: TurnContext & { inputs: readonly NonAudio[] }): IntentHandoff {
    if (this.#intent) return this.#intent;
    const text = userText(turn.inputs) ?? this.#question ?? 'A general reading.';
    this.#intent = IntentHandoff.parse({
      intentSummary: summariseQuestion(text),
      hiddenConcern: '',
      topic: inferTopic(text),
      timeframe: findTimeframe(text) ?? DEFAULT_TIMEFRAME,
    });
    return this.#intent;
  }

  #spreadGeneration(turn: TurnContext & { inputs: readonly NonAudio[] }): ReaderAction[] {
    const intent = this.#intentOrFallback(turn);
    const spoken: string[] = [];
    let fresh = false;
    if (!this.#spread) {
      // The user's full question when this reader heard it; else the summary the handoff carried.
      this.#spread = chooseSpread(
        this.#question ?? intent.intentSummary,
        intent.topic,
        intent.timeframe,
      );
      fresh = true;
      const { layout, why } = this.#spread;
      const count = layout.positions.length;
      spoken.push(
        `For your question I'll use this spread: ${layout.name}. ${why} ${
          count === 1
            ? 'It has a single position.'
            : `It has ${numberWord(count)} positions: ${spokenList(layout.positions.map((p) => p.label))}.`
        }`,
      );
    }
    const positions = this.#spread.layout.positions;
    let sawOutput = false;
    for (const input of turn.inputs) {
      if (input.kind !== 'tool_output' || input.name !== DRAW_CARD) continue;
      sawOutput = true;
      spoken.push(this.#takeDraw(input.output, positions));
    }
    const text = userText(turn.inputs);
    if (turn.awaitingTool === DRAW_CARD && this.#drawing !== undefined) {
      const position = positions[this.#drawing];
      return [
        say(
          [
            ...spoken,
            `Take your time: pick a card for the ${position?.label ?? 'next'} position when you're ready.`,
          ].join(' '),
        ),
      ];
    }
    if (
      !fresh &&
      !sawOutput &&
      text !== undefined &&
      this.#nextPosition >= positions.length &&
      this.#drawn.length === 0
    ) {
      // Every draw failed earlier; the user has spoken, so start again.
      this.#nextPosition = 0;
      this.#drawFailures = 0;
      spoken.push("Let's try drawing again.");
    }
    if (this.#nextPosition < positions.length) {
      const position = positions[this.#nextPosition];
      if (position && turn.tools.has(DRAW_CARD)) {
        const intro =
          this.#drawFailures > 0
            ? ''
            : describePosition(position, this.#nextPosition, positions.length);
        this.#drawing = this.#nextPosition;
        return [
          say([...spoken, intro].filter(Boolean).join(' ')),
          call(DRAW_CARD, { positionLabel: position.label, promptRole: position.role }),
        ];
      }
      return [say([...spoken, "I can't draw cards from here, I'm afraid."].join(' '))];
    }
    if (this.#drawn.length === 0) {
      return [
        say(
          [
            ...spoken,
            "I'm sorry, I couldn't draw any cards just now. Tell me when you'd like to try again.",
          ].join(' '),
        ),
      ];
    }
    this.#spreadHandoff ??= SpreadHandoff.parse({
      spread: this.#spread.layout,
      cards: this.#drawn,
    });
    const tool = handoffToolName('Reading');
    const all =
      this.#drawn.length === positions.length
        ? `That's all ${numberWord(this.#drawn.length)} ${this.#drawn.length === 1 ? 'card' : 'cards'} drawn.`
        : `That's ${numberWord(this.#drawn.length)} of ${numberWord(positions.length)} cards drawn.`;
    if (!turn.tools.has(tool)) {
      return [say([...spoken, all].join(' '))];
    }
    return [
      say([...spoken, all, "Now let's turn them over and see what they say."].join(' ')),
      call(tool, this.#spreadHandoff),
    ];
  }

  /** Records a draw_card output and says what happened. */
  #takeDraw(output: string, positions: readonly SpreadPosition[]): string {
    const index = this.#drawing ?? this.#nextPosition;
    this.#drawing = undefined;
    const position = positions[index];
    if (!position) return '';
    const outcome = drawOutcome(output);
    if (outcome.ok) {
      const drawn: DrawnCard = {
        ...outcome.value,
        positionLabel: position.label,
        promptRole: position.role,
      };
      this.#drawn.push(drawn);
      this.#nextPosition = index + 1;
      this.#drawFailures = 0;
      return `For the ${position.label} position you drew ${nameWithOrientation(lookUp(drawn))}.`;
    }
    this.#drawFailures += 1;
    if (this.#drawFailures < 2) {
      return `I'm sorry, something went wrong while drawing that card. Let's try the ${position.label} position once more.`;
    }
    this.#drawFailures = 0;
    this.#nextPosition = index + 1;
    return `I'm sorry, the card still didn't come through, so I'll leave the ${position.label} position open and move on.`;
  }

  // ---------------------------------------------------------------- Reading

  #cardsToRead(): DrawnCard[] {
    return this.#spreadHandoff?.cards ?? this.#drawn;
  }

  #readingPhase(turn: TurnContext & { inputs: readonly NonAudio[] }): ReaderAction[] {
    const cards = this.#cardsToRead().map(lookUp);
    if (cards.length === 0) {
      return [
        say(
          "I don't have any cards to read yet. Once your cards are drawn, I'll turn them over with you.",
        ),
      ];
    }
    const timeframe = this.#intent?.timeframe ?? DEFAULT_TIMEFRAME;
    const spoken: string[] = [];
    let show = this.#show;
    if (!show) {
      show = { next: 0, showing: undefined, interpreted: [], done: false };
      this.#show = show;
      const first = cards[0];
      spoken.push(
        `Let's turn your cards over one at a time${first ? `, beginning with the ${first.drawn.positionLabel} position` : ''}.`,
      );
    }
    for (const input of turn.inputs) {
      if (input.kind !== 'tool_output' || input.name !== SHOW_CARD) continue;
      const index = show.showing ?? show.next;
      show.showing = undefined;
      const read = cards[index];
      show.next = index + 1;
      if (!read) continue;
      if (showOutcome(input.output).ok) {
        show.interpreted.push(read);
        spoken.push(interpretCard(read, timeframe));
      } else {
        spoken.push(
          `I'm sorry, I couldn't show ${displayName(read)} on screen, so I'll skip it and carry on.`,
        );
      }
    }
    const text = userText(turn.inputs);
    if (turn.awaitingTool === SHOW_CARD) {
      return [say([...spoken, 'One moment: the card is coming up.'].join(' '))];
    }
    if (show.done && show.interpreted.length > 0) {
      // The reading is delivered but the session is still on Reading: answer, then hand off again.
      const reply =
        text === undefined
          ? 'That completes your reading.'
          : answerFromCards(show.interpreted, text, this.#synthesis);
      const tool = handoffToolName('Followup');
      return this.#reading && turn.tools.has(tool)
        ? [say(reply), call(tool, this.#reading)]
        : [say(reply)];
    }
    if (show.done && text !== undefined) {
      // Nothing could be shown earlier and the user has spoken: try again from the top.
      show.done = false;
      show.next = 0;
      spoken.push("Let's try showing the cards again.");
    } else if (text !== undefined && show.next > 0 && show.next < cards.length) {
      spoken.push("Let's finish the reading first; I'll take your questions right after.");
    }
    const next = cards[show.next];
    if (next && turn.tools.has(SHOW_CARD)) {
      show.showing = show.next;
      if (show.next > 0) spoken.push(`Next, the ${next.drawn.positionLabel} position.`);
      return [
        ...sayIf(spoken.join(' ')),
        call(SHOW_CARD, { cardId: next.drawn.cardId, reversed: next.drawn.reversed }),
      ];
    }
    if (next) {
      // No way to show cards: read the rest straight through.
      for (const read of cards.slice(show.next)) {
        show.interpreted.push(read);
        spoken.push(interpretCard(read, timeframe));
      }
      show.next = cards.length;
    }
    show.done = true;
    if (show.interpreted.length === 0) {
      return [
        say(
          [
            ...spoken,
            "I'm sorry, I couldn't show any of your cards, so I can't give you a reading yet. Tell me when you'd like to try again.",
          ].join(' '),
        ),
      ];
    }
    this.#synthesis = synthesise(show.interpreted, timeframe);
    const advice = advise(show.interpreted);
    this.#reading ??= ReadingHandoff.parse({
      interpretations: show.interpreted.map((read) => ({
        cardId: read.drawn.cardId,
        positionLabel: read.drawn.positionLabel,
        summary: summariseCard(read),
      })),
      synthesis: this.#synthesis,
      advice,
    });
    const tool = handoffToolName('Followup');
    const closing = `${this.#synthesis} ${advice}`.trim();
    if (!turn.tools.has(tool)) {
      return [...sayIf(spoken.join(' ')), say(closing)];
    }
    return [
      ...sayIf(spoken.join(' ')),
      say(`${closing} That completes your reading; I'll stay with you for any questions.`),
      call(tool, this.#reading),
    ];
  }

  // ---------------------------------------------------------------- Followup

  #followup(turn: TurnContext & { inputs: readonly NonAudio[] }): ReaderAction[] {
    const cards = [
      ...(this.#show?.interpreted ?? this.#cardsToRead().map(lookUp)),
      ...this.#clarificationCards,
    ];
    const timeframe = this.#intent?.timeframe ?? DEFAULT_TIMEFRAME;
    const spoken: string[] = [];
    const said: ReaderAction[] = [];
    const pending = this.#clarification;
    for (const input of turn.inputs) {
      if (input.kind !== 'tool_output' || !pending) continue;
      if (input.name === DRAW_CARD && pending.stage === 'draw') {
        const outcome = drawOutcome(input.output);
        if (outcome.ok) {
          pending.card = {
            ...outcome.value,
            positionLabel: 'Clarification',
            promptRole: clarificationRole(pending.question),
          };
          pending.stage = 'show';
          pending.failures = 0;
        } else {
          pending.failures += 1;
          if (pending.failures >= 2) {
            this.#clarification = undefined;
            spoken.push(
              "I'm sorry, the clarification card didn't come through. We can keep working with the cards already on the table.",
            );
          } else {
            spoken.push("I'm sorry, something went wrong drawing that card. Let's try once more.");
          }
        }
      } else if (input.name === SHOW_CARD && pending.stage === 'show' && pending.card) {
        const read = lookUp(pending.card);
        this.#clarification = undefined;
        if (showOutcome(input.output).ok) {
          this.#clarificationCards.push(read);
          said.push(say(`${interpretCard(read, timeframe)} What else would you like to ask?`));
        } else {
          spoken.push(
            `I'm sorry, I couldn't show ${displayName(read)} on screen, so I'll leave it aside. What else would you like to ask?`,
          );
        }
      }
    }
    const current = this.#clarification;
    if (current && turn.awaitingTool !== undefined) {
      return [...said, say([...spoken, 'Take your time: the card is on its way.'].join(' '))];
    }
    if (current?.stage === 'draw' && turn.tools.has(DRAW_CARD)) {
      return [
        ...said,
        ...sayIf(spoken.join(' ')),
        call(DRAW_CARD, {
          positionLabel: 'Clarification',
          promptRole: clarificationRole(current.question),
        }),
      ];
    }
    if (current?.stage === 'show' && current.card && turn.tools.has(SHOW_CARD)) {
      return [
        ...said,
        say(
          [
            ...spoken,
            `You drew ${nameWithOrientation(lookUp(current.card))}. Let's look at it.`,
          ].join(' '),
        ),
        call(SHOW_CARD, { cardId: current.card.cardId, reversed: current.card.reversed }),
      ];
    }
    if (current) {
      this.#clarification = undefined;
      spoken.push("I can't draw or show a card from here, so let's work with the cards we have.");
    }

    const text = userText(turn.inputs);
    if (text === undefined) {
      if (said.length > 0 || spoken.length > 0) return [...said, ...sayIf(spoken.join(' '))];
      if (!this.#followupGreeted) {
        this.#followupGreeted = true;
        return [
          say(
            'Your reading is complete. Ask me anything about these cards, or ask for a clarification card if something feels unclear.',
          ),
        ];
      }
      return [say('What else would you like to know about your reading?')];
    }
    this.#followupGreeted = true;
    if (wantsClarificationCard(text)) {
      if (this.#clarificationCards.length >= MAX_CLARIFICATION_CARDS) {
        spoken.push(
          `We've already drawn ${numberWord(MAX_CLARIFICATION_CARDS)} clarification cards; more would only muddy the picture, so let's work with what's here.`,
        );
        spoken.push(answerFromCards(cards, text, this.#synthesis));
        return [...said, say(spoken.join(' '))];
      }
      if (turn.tools.has(DRAW_CARD)) {
        this.#clarification = { stage: 'draw', question: text, card: undefined, failures: 0 };
        return [
          ...said,
          say(
            [
              ...spoken,
              "Let's draw a clarification card for that. Pick one when you're ready.",
            ].join(' '),
          ),
          call(DRAW_CARD, {
            positionLabel: 'Clarification',
            promptRole: clarificationRole(text),
          }),
        ];
      }
    }
    if (isFarewell(text)) {
      return [
        ...said,
        say(
          [
            ...spoken,
            'Thank you for reading with me. Take care, and come back whenever a new question stirs.',
          ].join(' '),
        ),
      ];
    }
    return [...said, say([...spoken, answerFromCards(cards, text, this.#synthesis)].join(' '))];
  }
}

type NonAudio = Exclude<TurnInput, { kind: 'user_audio' }>;

function say(text: string): ReaderAction {
  return { kind: 'say', text };
}

function sayIf(text: string): ReaderAction[] {
  return text.trim() === '' ? [] : [say(text)];
}

function call(name: string, args: object): ReaderAction {
  return { kind: 'call', name, args: { ...args } };
}

/** Everything the user typed (or was scripted to say) since the last response; app notes are not. */
function userText(inputs: readonly NonAudio[]): string | undefined {
  const texts = inputs.flatMap((input) =>
    input.kind === 'user_text' && !input.text.trimStart().startsWith(APP_NOTE_PREFIX)
      ? [input.text.trim()]
      : [],
  );
  const joined = texts.filter((text) => text !== '').join(' ');
  return joined === '' ? undefined : joined;
}

function describePosition(position: SpreadPosition, index: number, total: number): string {
  const which =
    total === 1
      ? `The ${position.label} position`
      : index === 0
        ? `The first position, ${position.label},`
        : index === total - 1
          ? `The last position, ${position.label},`
          : `Next comes the ${position.label} position, which`;
  return `${which} shows ${position.role}. Pick a card when you're ready.`;
}

const REQUEST_WORDS =
  /\b(could|can|would|will)\s+you\b|\b(please|draw|another|one more|extra|new|a|an|clarification|clarifying|clarify|card|cards|for me|for that|me|now)\b|[?.!,]/gi;

/** What a clarification card is for: the question itself, when there is more to it than the request. */
function clarificationRole(question: string): string {
  const rest = question.replace(REQUEST_WORDS, ' ').replace(/\s+/g, ' ').trim();
  return rest.split(' ').length >= 3
    ? `more light on “${clip(question, 120)}”`
    : 'more light on the reading so far';
}

/** Puts the demo-script lines in front of the first thing said (or says them on their own). */
function withPreface(preface: readonly string[], actions: ReaderAction[]): ReaderAction[] {
  if (preface.length === 0) return actions;
  const lead = preface.join(' ');
  const index = actions.findIndex((action) => action.kind === 'say');
  const first = actions[index];
  if (index === -1 || !first || first.kind !== 'say') return [say(lead), ...actions];
  return [...actions.slice(0, index), say(`${lead} ${first.text}`), ...actions.slice(index + 1)];
}
