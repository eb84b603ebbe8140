/**
 * What the offline BMO understands of a message typed in Spanish, read as Spanish: its own
 * questions about the clock ("¿qué hora es en Tokio?", "¿me dices la hora de Londres?", "¿qué día
 * es hoy?"; "¿a qué hora…?" asks about something in the notes, not the clock), its own small talk
 * ("¿quién eres?", "¿qué tal?"), and for the notes its words with their articles, prepositions,
 * contractions and clitics set aside ("del", "al", "¿me la buscas?"), a thing named by a phrase
 * read as one thing whatever the order of its words ("número de serie del cuadro", "la frase de
 * recuperación"), and plurals and accents read as the singular, accented word would be. Each
 * thing keeps the visitor's word and gains what an English note calls it (lexicon-es.ts), so
 * notes in either language answer. A message in English is read as English; one in another
 * language is said to be so. Every pattern runs in linear time.
 */
import {
  type Intent,
  type SmallTalk,
  type Term,
  MAX_MESSAGE_CHARS,
  isEnglishStopWord,
  understand,
  words,
} from './language.ts';
import { LONGEST_THING, STOP_WORDS_ES, THINGS_ES } from './lexicon-es.ts';
import { zoneForSpanishPlace } from './places-es.ts';

/** A word as the reading compares it: lower case, without accents (ñ keeps no tilde either). */
export function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const SMALL_TALK_ES: [SmallTalk, RegExp][] = [
  [
    'how_are_you',
    /\b(?:como estas|como esta usted|como te va|como andas|que tal(?: estas| todo| te va)?|como va todo|que onda)\b/,
  ],
  [
    'who',
    /\b(?:quien eres|quien es usted|que eres|como te llamas|cual es tu nombre|tu nombre|quien es bmo)\b/,
  ],
  [
    'help',
    /\b(?:que puedes hacer|que sabes hacer|en que me puedes ayudar|en que puedes ayudarme|ayudame|ayuda|como funcionas|como funciona esto|para que sirves)\b/,
  ],
  ['thanks', /\b(?:muchas gracias|mil gracias|gracias|genial|perfecto|estupendo|buen trabajo)\b/],
  ['bye', /\b(?:adios|hasta luego|hasta pronto|hasta manana|nos vemos|chao|chau|buenas noches)\b/],
  [
    'joke',
    /\b(?:chiste|cuentame algo gracioso|hazme reir|cantame|canta|cancion|juguemos|jugamos|jugar)\b/,
  ],
  ['greeting', /\b(?:hola|buenas tardes|buenos dias|buen dia|buenas|saludos|hey|ey)\b/],
];

/**
 * The clock: "qué hora es", "la hora", "qué hora tienen", "reloj", "zona horaria". Not "a qué
 * hora" (when something happens: a question for the notes).
 */
const TIME_ES =
  /(?:^|\s)(?:que hora|la hora|hora es|horas son|hora actual|hora local|hora tienen|hora hay|reloj|zona horaria|huso horario)\b/;
const ASKS_WHEN = /\ba que hora\b/;
const DATE_ES =
  /\b(?:que dia|que fecha|a que estamos|a cuanto estamos|fecha de hoy|la fecha|dia es hoy|dia de la semana|en que dia)\b/;

/** Words that end a place's name in a clock question ("…en Tokio ahora mismo, por favor"). */
const AFTER_PLACE = new Set(
  'ahora mismo hoy por favor porfa actualmente alli alla ya es son hace exactamente'.split(' '),
);
/** The words that lead to a place in a clock question: "en Lisboa", "de Tokio", "para Manila". */
const BEFORE_PLACE = new Set(['en', 'de', 'para']);
/** Words that start a question's clock phrase, after which its place is looked for. */
const CLOCK_WORDS = new Set(['hora', 'horas', 'fecha', 'dia', 'reloj', 'horaria', 'horario']);
/** Small words inside a place's name, written in lower case ("Ciudad de México"). */
const NAME_PARTICLES = new Set(['de', 'del', 'la', 'las', 'el', 'los', 'y']);

/** The place a clock question names, as the visitor wrote it, if any. */
function placeIn(original: readonly string[], folded: readonly string[]): string | undefined {
  const clock = folded.findIndex((word) => CLOCK_WORDS.has(word));
  if (clock < 0) return undefined;
  const lead = folded.findIndex((word, i) => i > clock && BEFORE_PLACE.has(word));
  if (lead < 0) return undefined;
  const name: string[] = [];
  for (let i = lead + 1; i < folded.length && name.length < 5; i++) {
    if (AFTER_PLACE.has(folded[i] ?? '')) break;
    name.push(original[i] ?? '');
  }
  while (name.length > 0 && NAME_PARTICLES.has(fold(name[0] ?? ''))) name.shift();
  if (name.length === 0) return undefined;
  return name
    .map((word, i) =>
      i > 0 && NAME_PARTICLES.has(fold(word)) ? fold(word) : word[0]?.toUpperCase() + word.slice(1),
    )
    .join(' ');
}

/** Words of other languages than Spanish and English: with few of ours around, another language. */
const FOREIGN_WORDS = new Set(
  (
    'quelle heure est il mon ma mes où bonjour merci wie spät ist mein meine wo danke hallo bitte ' +
    'che ora è il mio ciao grazie anong oras ano ang ko salamat po nasaan olá obrigado onde meu ' +
    'minha você'
  ).split(' '),
);

type Reading = 'spanish' | 'english' | 'other';

/** Which language the message reads as: mostly non-Latin letters or foreign words are another. */
function languageOf(text: string, all: readonly string[]): Reading {
  const letters = text.match(/\p{L}/gu) ?? [];
  const latin = letters.filter((ch) => /\p{Script=Latin}/u.test(ch)).length;
  if (letters.length > 0 && latin / letters.length < 0.5) return 'other';
  const spanish = all.filter((word) => STOP_WORDS_ES.has(fold(word))).length;
  const english = all.filter((word) => isEnglishStopWord(word) && !STOP_WORDS_ES.has(word)).length;
  const foreign = all.filter((word) => FOREIGN_WORDS.has(word)).length;
  if (foreign >= 2 && foreign > spanish + english) return 'other';
  return english >= 2 && english > spanish ? 'english' : 'spanish';
}

/** A word as the singular it names: "contraseñas" → "contraseña", "direcciones" → "direccion". */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ces')) return `${word.slice(0, -3)}z`;
  if (word.length > 5 && /[^aeiou]es$/.test(word) && !word.endsWith('tes'))
    return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * The things a question names, in order: a phrase the lexicon knows read as one thing (the
 * longest first), any other word as itself; each with the visitor's words first, then what an
 * English note calls it.
 */
function thingsIn(
  original: readonly string[],
  folded: readonly string[],
  skip: ReadonlySet<number>,
) {
  const terms: Term[] = [];
  const seen = new Set<string>();
  let i = 0;
  while (i < folded.length) {
    let matched = 0;
    let renderings: readonly string[] | undefined;
    for (let size = Math.min(LONGEST_THING, folded.length - i); size > 1; size--) {
      renderings = THINGS_ES[folded.slice(i, i + size).join(' ')];
      if (renderings) {
        matched = size;
        break;
      }
    }
    if (matched === 0) {
      const word = folded[i] ?? '';
      if (skip.has(i) || STOP_WORDS_ES.has(word) || word.length < 2) {
        i += 1;
        continue;
      }
      renderings = THINGS_ES[word] ?? THINGS_ES[singular(word)];
      matched = 1;
    }
    const own = original.slice(i, i + matched).join(' ');
    const key = folded.slice(i, i + matched).join(' ');
    if (!seen.has(key)) {
      seen.add(key);
      const single = matched === 1 ? singular(own) : own;
      terms.push([...new Set([own, single, ...(renderings ?? [])])]);
    }
    i += matched;
  }
  return terms;
}

/** Reads a message typed by a visitor whose language is Spanish. */
export function understandSpanish(message: string): Intent {
  const text = message.trim();
  if (!text || !/[\p{L}\p{N}]/u.test(text)) return { type: 'empty' };
  if (text.length > MAX_MESSAGE_CHARS) return { type: 'too_long' };
  const original = words(text);
  const reading = languageOf(text, original);
  if (reading === 'other') return { type: 'other_language' };
  if (reading === 'english') return understand(text);
  const folded = original.map(fold);
  const joined = folded.join(' ');

  const wantsDate = DATE_ES.test(joined);
  if (!ASKS_WHEN.test(joined) && (TIME_ES.test(joined) || wantsDate)) {
    const place = placeIn(original, folded);
    const zone = place ? zoneForSpanishPlace(place) : undefined;
    return { type: 'time', ...(place ? { place } : {}), ...(zone ? { zone } : {}), wantsDate };
  }

  const talk = SMALL_TALK_ES.find(([, pattern]) => pattern.test(joined));
  // the small talk's own words are not a subject: "hola BMO" is a greeting, "hola, ¿cuál es
  // la contraseña del wifi?" a question for the notes
  const talked = new Set<number>();
  if (talk) {
    const said = joined.match(talk[1])?.[0].trim().split(' ') ?? [];
    const at = folded.findIndex((_, i) => said.every((word, j) => folded[i + j] === word));
    if (at >= 0) said.forEach((_, j) => talked.add(at + j));
  }
  const terms = thingsIn(original, folded, talked);
  if (terms.length > 0) return { type: 'notes', terms };
  if (talk) return { type: 'small_talk', topic: talk[0] };
  return { type: 'unclear' };
}
