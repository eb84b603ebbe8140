/**
 * The offline reader's words in Spanish, beside the Spanish deck (deck-es.ts): the clarifying
 * question per topic, each spread's name, reason and positions (label and role, keyed by the
 * English label the reader lays out), and the lines around them. Data only, for the reader to
 * take when its session's checked language is `es`; the card meanings are `getCardEs`.
 */
import type { IntentHandoff } from '../../contracts/reading.ts';

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
