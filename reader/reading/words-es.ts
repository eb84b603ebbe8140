/**
 * The offline reader's words in Spanish, line for line with words-en.ts: the clarifying question
 * per topic, each spread's name, reason and positions (label and role, keyed by the English label
 * the reader lays out; spreads.ts has them in English), the cards from the Spanish deck
 * (deck-es.ts), and every other line of every phase. Position labels in tool arguments stay
 * English (the reader's keys, as with OpenAI); what is said names them in Spanish.
 */
import { SUIT_NAMES_ES } from '../../contracts/cards-es.ts';
import type { Suit } from '../../contracts/cards.ts';
import type { IntentHandoff } from '../../contracts/reading-schema.ts';
import { getCardEs } from './deck-es.ts';
import type { PositionKind, ReaderWords } from './words-en.ts';

type Topic = IntentHandoff['topic'];

/** The one clarifying question per topic; `askWhen` follows it when no time span was named. */
export const CLARIFYING_QUESTION_ES: Record<Topic, string> = {
  love: 'Antes de sacar las cartas: ¿qué te parece más incierto ahora mismo, sus sentimientos, los tuyos o hacia dónde va todo?',
  career:
    'Antes de sacar las cartas: ¿hay alguna decisión o algún cambio en el trabajo que te ronde la cabeza, y qué esperas de ello?',
  money:
    'Antes de sacar las cartas: ¿se trata de una decisión concreta, como una compra o una deuda, o de una sensación más general de seguridad?',
  health:
    'Antes de sacar las cartas, y recordando que son para reflexionar y no un consejo médico: ¿qué parte de tu bienestar necesita más atención?',
  family:
    'Antes de sacar las cartas: ¿a quién de tu familia afecta más esto, y cómo sería para ti un buen desenlace?',
  spiritual: 'Antes de sacar las cartas: ¿qué ha despertado en ti esta pregunta últimamente?',
  general:
    'Antes de sacar las cartas: ¿qué hay detrás de esta pregunta para ti, qué te gustaría entender sobre todo?',
};

export const ASK_WHEN_ES = '¿Y tienes en mente algún plazo de tiempo?';

/** Said before the clarifying question when the visitor's first words were their question. */
export const THANKS_FOR_QUESTION_ES = 'Gracias por traer esto a las cartas.';

/** The offline reader says it cannot hear speech (a voice turn follows a demo script). */
export const OFFLINE_VOICE_NOTE_ES =
  'Soy el lector sin conexión: aquí no oigo la voz en español, así que cuando hables seguiré un guion de demostración. Para que te lea de verdad, escribe en el chat de texto.';

/** Each spread's Spanish name and why it suits the question, keyed by its English name. */
export const SPREADS_ES: Record<string, { name: string; why: string }> = {
  'One-Card Draw': {
    name: 'Tirada de una carta',
    why: 'Una pregunta breve y directa se responde mejor con una sola carta clara.',
  },
  'Past, Present and Future': {
    name: 'Pasado, presente y futuro',
    why: 'Tu pregunta mira hacia delante en el tiempo, así que la seguiremos desde lo que la formó hasta adónde lleva.',
  },
  'Two Paths': {
    name: 'Dos caminos',
    why: 'Estás sopesando una elección, así que cada camino tiene su carta y una tercera muestra qué sopesar.',
  },
  'Relationship Spread': {
    name: 'Tirada de la relación',
    why: 'Una pregunta sobre una relación necesita a las dos personas y el vínculo entre ellas a la vista.',
  },
  'Celtic Cross (lite)': {
    name: 'Cruz celta (breve)',
    why: 'Tu pregunta tiene varios hilos, así que una cruz más completa da espacio a cada uno.',
  },
  'Situation, Challenge and Advice': {
    name: 'Situación, desafío y consejo',
    why: 'Muestra dónde estás, qué se interpone y qué hacer al respecto.',
  },
  'Two-Card Draw': {
    name: 'Tirada de dos cartas',
    why: 'Dos cartas: dónde estás y qué te ayudaría.',
  },
  'Four-Card Spread': {
    name: 'Tirada de cuatro cartas',
    why: 'Cuatro cartas: dónde estás, qué se interpone, qué te ayudaría y adónde lleva.',
  },
  'Five-Card Spread': {
    name: 'Tirada de cinco cartas',
    why: 'Cinco cartas: la situación, su desafío y su raíz, el consejo y adónde lleva.',
  },
};

/**
 * Each position's Spanish label and role, keyed by its English label. `{timeframe}` in a role is
 * the span the visitor named, in their words.
 */
export const POSITIONS_ES: Record<string, { label: string; role: string }> = {
  'The Answer': { label: 'La respuesta', role: 'el corazón de la respuesta a tu pregunta' },
  Past: { label: 'Pasado', role: 'lo que ha dado forma a la situación hasta ahora' },
  Present: { label: 'Presente', role: 'la energía que te rodea ahora mismo' },
  Future: { label: 'Futuro', role: 'hacia dónde van las cosas en {timeframe}' },
  'Path A': { label: 'Camino A', role: 'lo que la primera opción te depara' },
  'Path B': { label: 'Camino B', role: 'lo que la segunda opción te depara' },
  'What to Weigh': { label: 'Qué sopesar', role: 'lo que más importa al elegir' },
  You: { label: 'Tú', role: 'cómo te muestras en esta relación' },
  'The Other Person': { label: 'La otra persona', role: 'lo que la otra persona aporta' },
  'The Bond': { label: 'El vínculo', role: 'la conexión entre vosotros tal como está' },
  'The Challenge': { label: 'El desafío', role: 'lo que se interpone' },
  'Where It Is Heading': {
    label: 'Hacia dónde va',
    role: 'hacia dónde va la relación en {timeframe}',
  },
  'Heart of the Matter': { label: 'El centro del asunto', role: 'el núcleo de la situación' },
  'What Crosses You': {
    label: 'Lo que te cruza',
    role: 'el obstáculo o la tensión que juega en tu contra',
  },
  Root: { label: 'La raíz', role: 'la causa más profunda bajo todo ello' },
  'Recent Past': { label: 'Pasado reciente', role: 'lo que está saliendo del cuadro' },
  'Near Future': { label: 'Futuro cercano', role: 'lo que empieza a verse a continuación' },
  'Likely Outcome': {
    label: 'Desenlace probable',
    role: 'adónde es probable que lleve esto en {timeframe}',
  },
  Situation: { label: 'Situación', role: 'dónde están las cosas ahora' },
  Challenge: { label: 'Desafío', role: 'a qué te enfrentas' },
  Advice: { label: 'Consejo', role: 'el paso que más te ayudará' },
  Outcome: { label: 'Desenlace', role: 'adónde lleva esto en {timeframe}' },
  Clarification: { label: 'Aclaración', role: 'lo que aclara la carta anterior' },
};

/** An upright or reversed card, as a reading names it. */
export const ORIENTATION_ES = { upright: 'al derecho', reversed: 'invertida' } as const;

function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

const NUMBERS = [
  'cero',
  'una',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
];
const number = (n: number): string => NUMBERS[n] ?? String(n);

/** A position's Spanish label ("Pasado"); a label the reader does not know stays as it came. */
function label(english: string): string {
  return POSITIONS_ES[english]?.label ?? english;
}

const SUIT_THEMES_ES: Record<Suit, string> = {
  wands: 'la energía, el impulso y la acción',
  cups: 'los sentimientos y las relaciones',
  swords: 'los pensamientos, las palabras y las verdades difíciles',
  pentacles: 'el trabajo, el dinero y el cuerpo',
};

const ROOTED = 'Es el terreno que ya pisas: dio forma a cómo se ven hoy las cosas.';
const TIES: Record<PositionKind, (timeframe: string) => string> = {
  answer: () => 'Como respuesta, tómala como el tono de lo que viene más que como un sí o un no.',
  past: () => ROOTED,
  root: () => ROOTED,
  present: () => 'Es la energía que te rodea ahora mismo.',
  future: (timeframe) =>
    `Si nada cambia, hacia aquí se inclinan ${timeframe}, y aún tienes algo que decir.`,
  challenge: () => 'Tómala como el nudo con el que trabajar, no como un veredicto.',
  advice: () => 'Tómala como el paso práctico que probar.',
  self: () => 'Así es como te muestras.',
  other: () => 'Esto es lo que aporta la otra persona.',
  bond: () => 'Esto describe lo que vive entre vosotros.',
  path: () => 'Imagínate en este camino y fíjate en cómo te sientes.',
  clarification: () => 'Deja que afine lo que el resto de la tirada ya dijo.',
  generic: () => '',
};

function isSuit(value: string): value is Suit {
  return value in SUIT_THEMES_ES;
}

export const WORDS_ES: ReaderWords = {
  card: (id) => getCardEs(id),
  label,
  role: (english, role, timeframe) =>
    POSITIONS_ES[english]?.role.replace('{timeframe}', timeframe) ?? role,
  spread: (name, why) => SPREADS_ES[name] ?? { name, why },
  list,
  number,
  defaultTimeframe: 'los próximos meses',
  generalReading: 'Una lectura general.',
  apology: 'Lo siento, algo ha fallado por mi parte. ¿Podrías repetirlo?',
  didNotCatch: 'Perdona, no te he entendido. ¿Puedes repetirlo?',

  voiceNote: ` ${OFFLINE_VOICE_NOTE_ES}`,
  voiceNoteHears:
    ' Soy el lector sin conexión, en este equipo: mantén pulsado el botón mientras hablas.',
  welcome: (voice) =>
    `Te doy la bienvenida a tu lectura.${voice} ¿Qué pregunta te gustaría traer hoy a las cartas?`,
  hello: (voice) =>
    `Hola, bienvenida o bienvenido.${voice} ¿Qué pregunta te gustaría traer a las cartas?`,
  clarifying: (topic, askWhen, subject) =>
    `${topic === 'general' && subject ? `Antes de sacar las cartas: ¿qué es lo que más te importa de ${subject}, y qué te gustaría entender?` : CLARIFYING_QUESTION_ES[topic]}${askWhen ? ` ${ASK_WHEN_ES}` : ''}`,
  thanksForQuestion: THANKS_FOR_QUESTION_ES,
  heard: (summary) => `Gracias, ahora lo veo claro. Tu pregunta: ${summary}`,
  cannotHandOffIntent: 'Me temo que desde aquí no puedo pasarte a preparar una tirada.',
  toSpread: 'Elijamos la tirada adecuada para ella.',

  askedForCards: (n, max) =>
    n === 1
      ? 'Has pedido una carta: una sola carta clara, entonces.'
      : n > max
        ? `Has pedido ${number(n)} cartas; ${number(max)} es lo máximo que dispongo, así que esta es mi tirada más completa.`
        : `Has pedido ${number(n)} cartas, así que eso es lo que vamos a disponer.`,
  spreadIntro: (name, why, labels, count) =>
    `Para tu pregunta usaré esta tirada: ${name}. ${why} ${
      labels.length === 1
        ? 'Tiene una sola posición.'
        : `Tiene ${count} posiciones: ${list(labels)}.`
    }`,
  describePosition: (name, role, index, total) => {
    const which =
      total === 1
        ? `La posición ${name} muestra`
        : index === 0
          ? `La primera posición, ${name}, muestra`
          : index === total - 1
            ? `La última posición, ${name}, muestra`
            : `Luego viene la posición ${name}, que muestra`;
    return `${which} ${role}. Elige una carta cuando quieras.`;
  },
  ended:
    'Claro. Terminamos aquí la lectura. Gracias por sentarte con las cartas; vuelve cuando surja una nueva pregunta.',
  closedForNow: 'Nuestra lectura está cerrada por ahora. Si quieres seguir, di «sacar de nuevo».',
  drawAgainOrEnd: (name) =>
    `¿Quieres volver a sacar una carta para la posición ${name ?? 'siguiente'}, o terminar aquí la lectura?`,
  leaveOpen: (name) => `Dejaré abierta la posición ${name ?? 'siguiente'} y seguiremos.`,
  drawAgain: 'Saquemos de nuevo.',
  pickWhenReady: (name) =>
    `Tómate tu tiempo: elige una carta para la posición ${name ?? 'siguiente'} cuando quieras.`,
  tryDrawingAgain: 'Intentemos sacar las cartas de nuevo.',
  cannotDraw: 'Me temo que desde aquí no puedo sacar cartas.',
  noCardsDrawn:
    'Lo siento, ahora mismo no he podido sacar ninguna carta. Dime cuándo quieres intentarlo de nuevo.',
  allDrawn: (n) =>
    n === 1 ? 'Ya está la carta sacada.' : `Ya están las ${number(n)} cartas sacadas.`,
  someDrawn: (n, total) => `Llevamos ${number(n)} de ${number(total)} cartas sacadas.`,
  turnThemOver: 'Ahora démosles la vuelta y veamos qué dicen.',
  drawCancelled: (name) =>
    `Se canceló la carta de la posición ${name}, así que no se sacó ninguna. ¿Quieres sacar de nuevo, o terminar aquí la lectura?`,
  drew: (name, card) => `Para la posición ${name} has sacado ${card}.`,
  drawFailedOnce: (name) =>
    `Lo siento, algo falló al sacar esa carta. Probemos otra vez la posición ${name}.`,
  drawFailedTwice: (name) =>
    `Lo siento, la carta sigue sin llegar, así que dejaré abierta la posición ${name} y seguiremos.`,

  noCardsYet:
    'Todavía no tengo cartas que leer. En cuanto saques tus cartas, les daremos la vuelta juntos.',
  turnOneByOne: (first) =>
    `Demos la vuelta a tus cartas una a una${first ? `, empezando por la posición ${first}` : ''}.`,
  couldNotShow: (card) =>
    `Lo siento, no he podido mostrar ${card} en pantalla, así que la saltaré y seguiré.`,
  cardComing: 'Un momento: la carta está apareciendo.',
  readingComplete: 'Con esto se completa tu lectura.',
  tryShowingAgain: 'Intentemos mostrar las cartas de nuevo.',
  finishFirst: 'Terminemos primero la lectura; responderé a tus preguntas justo después.',
  nextPosition: (name) => `Ahora, la posición ${name}.`,
  noneShown:
    'Lo siento, no he podido mostrar ninguna de tus cartas, así que aún no puedo darte una lectura. Dime cuándo quieres intentarlo de nuevo.',
  completeStay: 'Con esto se completa tu lectura; sigo aquí para cualquier pregunta.',

  reversedSuffix: ', invertida',
  reversedAside: ' (invertida)',
  opening: (name, role, card) => `En la posición ${name}, que muestra ${role}, has sacado ${card}.`,
  unknownCard:
    'No tengo esta carta en mis notas, así que quédate con su imagen y fíjate en lo que despierta en ti.',
  reversedEnergy: ' Invertida, su energía está bloqueada o vuelta hacia dentro.',
  speaksOf: (keywords) => `Habla de ${keywords}.`,
  tie: (kind, timeframe) => TIES[kind](timeframe),
  singleCard: (timeframe, keywords) =>
    `En conjunto, esta carta te pide afrontar ${timeframe} con ${keywords ?? 'los ojos abiertos'}.`,
  arc: (from, to) => `En conjunto, las cartas van de ${from} hacia ${to}.`,
  turningPoint:
    'Tantos arcanos mayores dicen que este es un punto de inflexión, más grande que el día a día.',
  suitTheme: (suit) =>
    isSuit(suit)
      ? `Los ${SUIT_NAMES_ES[suit]} no dejan de aparecer, lo que pone en el centro ${SUIT_THEMES_ES[suit]}.`
      : '',
  mostReversed:
    'La mayoría de las cartas salieron invertidas: algo se contiene o aún se está resolviendo.',
  allUpright: 'Todas las cartas salieron al derecho, así que la energía fluye abiertamente.',
  adviceDefault: 'Confía en lo que ya intuyes y da un pequeño paso esta semana.',
  adviceKeep: (card) => `Mi consejo: ten presente ${card} y da un pequeño paso esta semana.`,
  adviceReversed: (keyword) =>
    `Mi consejo: fíjate en dónde aparece «${keyword}» en tu vida, y da un pequeño paso esta semana para corregirlo.`,
  adviceUpright: (keyword) =>
    `Mi consejo: apóyate en «${keyword}» y da un pequeño paso hacia ello esta semana.`,
  noCardsOnTable: 'Todavía no hay cartas sobre la mesa. Pídeme que saque una y te la leeré.',
  lookTo: (question, card, name, themes) =>
    `Para «${question}», mira ${card} en la posición ${name}${themes ? `, con sus temas de ${themes}` : ''}.`,
  stillHolds: (synthesis) => ` Y la lectura en su conjunto sigue en pie. ${synthesis}`,
  first: /(?<![\p{L}\d])(primera|primer|first)(?![\p{L}\d])/u,
  last: /(?<![\p{L}\d])(última|ultima|último|ultimo|final|last)(?![\p{L}\d])/u,

  farewell:
    'Gracias por hacer esta lectura conmigo. Cuídate, y vuelve cuando surja una nueva pregunta.',
  clarificationCancelled:
    'Se canceló la carta de aclaración, así que no se sacó ninguna. ¿Quieres sacar de nuevo, o terminar aquí?',
  clarificationLost:
    'Lo siento, la carta de aclaración no ha llegado. Podemos seguir con las cartas que ya están sobre la mesa.',
  clarificationRetry: 'Lo siento, algo falló al sacar esa carta. Probemos una vez más.',
  whatElseToAsk: '¿Qué más te gustaría preguntar?',
  couldNotShowAside: (card) =>
    `Lo siento, no he podido mostrar ${card} en pantalla, así que la dejaré a un lado. ¿Qué más te gustaría preguntar?`,
  cardOnItsWay: 'Tómate tu tiempo: la carta está en camino.',
  youDrew: (card) => `Has sacado ${card}. Veámosla.`,
  cannotDrawOrShow:
    'Desde aquí no puedo sacar ni mostrar cartas, así que trabajemos con las que tenemos.',
  readingDone:
    'Tu lectura está completa. Pregúntame lo que quieras sobre estas cartas, o pide una carta de aclaración si algo no te queda claro.',
  whatElseToKnow: '¿Qué más te gustaría saber sobre tu lectura?',
  enoughClarification: (n) =>
    `Ya hemos sacado ${number(n)} cartas de aclaración; más solo enturbiarían el cuadro, así que trabajemos con lo que hay.`,
  drawClarification: 'Saquemos una carta de aclaración para eso. Elige una cuando quieras.',
  clarificationRole: (question) =>
    question === undefined ? 'más luz sobre la lectura hasta ahora' : `más luz sobre «${question}»`,

  demoDisclosure:
    'Soy el lector sin conexión y no puedo oír la voz, así que seguiré un guion de demostración:',
  tookItYouSaid: (line) => `Entenderé que has dicho: «${line}»`,
  demoLine: (line) => `(Guion de demostración: «${line}»)`,
  demoScript: {
    question: '¿En qué debería centrarme en mi trabajo este año?',
    answer:
      'Últimamente me siento estancado en mi trabajo, y no sé si quedarme o probar algo nuevo.',
    followups: [
      '¿Qué dice la carta del Futuro sobre mi próximo paso?',
      '¿Podrías sacar una carta de aclaración para mí?',
      'Gracias, eso es todo por hoy.',
    ],
    other: 'Sigue, por favor.',
  },
};
