/**
 * What the offline BMO understands of a typed message: plain English read word by word, with no
 * list of canned questions. It tells apart the few things BMO can do (the time somewhere, a look
 * in the notes, small talk) and picks out a question's keywords and what kind of thing it asks
 * for (an ID, a password, a phone number…). Every pattern here runs in linear time.
 */
import { trimEnd } from '../../contracts/text.ts';

/** Longer messages get a polite refusal rather than a search. */
export const MAX_MESSAGE_CHARS = 2_000;

/** Words that carry no subject: question words, pronouns, fillers, politeness. */
const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any anything are as at be been being bmo both ' +
    'but by can could did do does doing done down during each either else for from get give got ' +
    'had has have having he her here hers hey hi how i if in into is it its just know let lets ' +
    'like look looking make made makes me mine more most much my myself need needs no nor not ' +
    'note notes now of ' +
    'off on once one only or other our ours out over own please pls remember remind saved say ' +
    'search see send share she should show so some something still such tell than thank thanks ' +
    'that the their them then there these they thing this those through to too up us use very ' +
    'want was we were what whats when where which while who whom why will with wonder would ' +
    'wrote written you your yours find found check write put forgot forget forgotten recall ' +
    'again actually exactly'
  ).split(' '),
);

/**
 * Kinds of precise data a question can ask for, each with the words that name it in a question and
 * in a note's labels. A note may be written in Spanish too, so its labels' Spanish names count.
 */
export const DATA_KINDS: Record<string, string[]> = {
  id: ['id', 'ids', 'pin', 'identification', 'member', 'membership', 'identificación', 'socio'],
  number: ['number', 'numbers', 'no', 'num', '#', 'número', 'numero'],
  code: [
    'code',
    'codes',
    'reference',
    'ref',
    'booking',
    'confirmation',
    'voucher',
    'locator',
    'combination',
    'combo',
    'código',
    'codigo',
    'reserva',
    'localizador',
    'referencia',
    'confirmación',
    'combinación',
  ],
  password: [
    'password',
    'passwords',
    'passcode',
    'passphrase',
    'pass',
    'pwd',
    'key',
    'secret',
    'combination',
    'combo',
    'contraseña',
    'clave',
    'combinación',
  ],
  phone: [
    'phone',
    'telephone',
    'tel',
    'mobile',
    'cell',
    'contact',
    'call',
    'number',
    'teléfono',
    'móvil',
    'celular',
  ],
  account: [
    'account',
    'iban',
    'card',
    'serial',
    'licence',
    'license',
    'plate',
    'policy',
    'cuenta',
    'tarjeta',
    'serie',
    'matrícula',
    'póliza',
  ],
  username: ['username', 'login', 'user', 'ssid', 'email', 'e-mail', 'usuario', 'correo'],
  address: ['address', 'dirección'],
};

const KIND_WORDS = new Set(Object.values(DATA_KINDS).flat());

/**
 * One thing a question names, in the ways a note may write it: the visitor's own word first, then
 * what else stands for it (the same thing in the other language, "storage unit" for "trastero").
 * Each way is a word or a phrase of words, all of which a note must hold. An English question's
 * terms are its keywords, one way each.
 */
export type Term = readonly string[];

/** The visitor's own words for the terms. */
export function ownWords(terms: readonly Term[]): string[] {
  return terms.map((term) => term[0] ?? '');
}

/** Every word of every way of the terms, once each, in order: what the notes are searched for. */
export function searchWords(terms: readonly Term[]): string[] {
  return [...new Set(terms.flatMap((term) => term.flatMap((way) => way.split(' '))))];
}

/** Lowercase words of a text, accents kept, punctuation dropped (`what's` → `whats`). */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/['’]s\b/g, '')
      .replace(/['’]/g, '')
      .match(/[\p{L}\p{N}]+(?:[-/][\p{L}\p{N}]+)*/gu) ?? []
  );
}

/** A word without a plural or possessive ending, so "passwords" finds "password". */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The words of a question that name its subject, in order, without repeats. */
export function keywords(text: string): string[] {
  const seen = new Set<string>();
  for (const word of words(text)) {
    if (STOP_WORDS.has(word) || word.length < 2) continue;
    seen.add(word);
  }
  return [...seen];
}

/** True for a term one of whose ways is a kind word (`id`, `password`, `contraseña`…). */
function isKind(term: Term): boolean {
  return term.some((way) => KIND_WORDS.has(way) || KIND_WORDS.has(stem(way)));
}

/** The kind terms of a question: what precise data it asks for. */
export function askedKinds(terms: readonly Term[]): Term[] {
  return terms.filter(isKind);
}

/** The subject terms: those that name no kind of data. */
export function subjectWords(terms: readonly Term[]): Term[] {
  return terms.filter((term) => !isKind(term));
}

export type Intent =
  | { type: 'empty' }
  /** Heard words that are a hum or a mumble, not speech (`isRepeatedSound`). */
  | { type: 'unheard' }
  | { type: 'too_long' }
  | { type: 'other_language' }
  /** `zone`: the place's IANA zone, when the reader found it (else the place is looked up). */
  | { type: 'time'; place?: string; zone?: string; wantsDate: boolean }
  | { type: 'small_talk'; topic: SmallTalk }
  | { type: 'notes'; terms: Term[] }
  | { type: 'unclear' };

export type SmallTalk = 'greeting' | 'how_are_you' | 'who' | 'help' | 'thanks' | 'bye' | 'joke';

const SMALL_TALK: [SmallTalk, RegExp][] = [
  ['how_are_you', /\b(?:how are you|how r u|how(?:'s| is) it going|how do you do|whats up|sup)\b/],
  ['who', /\b(?:who are you|what are you|your name|who is bmo|who r u)\b/],
  ['help', /\b(?:what can you do|help me|help|what do you do|how does this work)\b/],
  ['thanks', /\b(?:thanks|thank you|thx|ty|cheers|great job|awesome|perfect|nice)\b/],
  ['bye', /\b(?:bye|goodbye|good night|see you|see ya|later|ciao)\b/],
  ['joke', /\b(?:joke|funny|make me laugh|sing|song|game|play)\b/],
  ['greeting', /\b(?:hi|hello|hey|hiya|yo|howdy|good morning|good afternoon|good evening)\b/],
];

/** Words that, with no English around them, say the message is in another language. */
const FOREIGN_WORDS = new Set(
  (
    'qué que hora es cuál cual mi mis dónde donde por favor hola gracias quelle heure est il ' +
    'mon ma mes où bonjour merci wie spät ist mein meine wo danke hallo bitte che ora è il mio ' +
    'ciao grazie anong oras ano ang ko salamat po nasaan olá obrigado onde meu minha'
  ).split(' '),
);

const ENGLISH_WORDS = new Set([
  ...STOP_WORDS,
  'time',
  'date',
  'day',
  'today',
  'hello',
  'hi',
  'password',
  'id',
  'code',
]);

/** True for an English word that carries no subject ("what", "my", "the"…). */
export function isEnglishStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** True when the message reads as another language: mostly non-Latin letters, or foreign words. */
export function looksNonEnglish(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return false;
  const latin = letters.filter((ch) => /\p{Script=Latin}/u.test(ch)).length;
  if (latin / letters.length < 0.5) return true;
  const all = words(text);
  const english = all.filter((w) => ENGLISH_WORDS.has(w)).length;
  const foreign = all.filter((w) => FOREIGN_WORDS.has(w)).length;
  return foreign >= 2 && foreign > english;
}

const TIME_QUESTION =
  /\b(?:what time|whats the time|the time|time is it|time now|current time|clock|time in|time at|time zone|timezone)\b/;
const DATE_QUESTION =
  /\b(?:what day|which day|the date|todays date|whats the date|what date|day is it|day of the week|date today)\b/;

/** The place a time question names ("…in Tokyo?", "…for New York right now"), if any. */
export function placeInQuestion(text: string): string | undefined {
  const match = /\b(?:in|at|for|over in)\s+([\p{L}][\p{L} .'’-]{0,40})/u.exec(text);
  if (!match?.[1]) return undefined;
  const place = trimEnd(
    match[1].replace(/\b(?:right now|now|today|currently|please|at the moment)\b.*$/i, ''),
    '?.!, \t',
  );
  return place || undefined;
}

/** Words a spoken turn opens with that say nothing of what it asks. */
const SPOKEN_FILLERS = new Set([
  'well',
  'so',
  'um',
  'uh',
  'er',
  'erm',
  'oh',
  'okay',
  'ok',
  'hmm',
  'mm',
]);

/** Words that open a noun phrase: what follows them names a thing, not the question's frame. */
const ARTICLES = new Set(['the', 'a', 'an', 'this', 'that']);

/**
 * The keywords of a heard question about one's own things. A speech recognizer often mishears a
 * question's frame ("Work in my PhilHealth ID?" for "What is my…"), which would become a subject
 * no note holds. So in a heard question, what comes before its first "my" counts only from an
 * article on ("what is the gate code at my storage unit"), and for the kinds of data it names; what
 * comes after "my" names the subject. With no subject after "my" ("…in my notes"), every keyword
 * counts.
 */
export function heardKeywords(text: string): string[] {
  const all = words(text);
  // a turn that opens on a filler ("Well, guest Wi-Fi password."): the recognizer writes what a
  // visitor says before the question, or what it made of a start it caught late (a question that
  // talked over BMO lost its "What is my" that way), and neither names the subject
  while (all.length > 1 && SPOKEN_FILLERS.has(all[0] ?? '')) all.shift();
  const my = all.indexOf('my');
  const single = (keys: string[]) => keys.map((key): Term => [key]);
  const after = my >= 0 ? keywords(all.slice(my + 1).join(' ')) : [];
  if (subjectWords(single(after)).length === 0) return keywords(all.join(' '));
  const frame = all.slice(0, my);
  const article = frame.findIndex((word) => ARTICLES.has(word));
  const phrase = article >= 0 ? keywords(frame.slice(article + 1).join(' ')) : [];
  const kinds = ownWords(askedKinds(single(keywords(frame.join(' ')))));
  return [...new Set([...phrase, ...kinds, ...after])];
}

/** A letter held: one letter three times or more ("mmmmmm"). */
const HELD_LETTER = /^(\p{L})\1{2,}$/u;

/**
 * True when heard words are what a speech recognizer makes of a hum or a mumble rather than
 * speech: one or two words or letters said over and over ("M-M-M-M-M.", "BMO, BMO, MMO, MMO."),
 * or a letter held ("MMMMMMMMMM.").
 */
export function isRepeatedSound(text: string): boolean {
  const parts = words(text)
    .flatMap((word) => word.split('-'))
    .filter(Boolean);
  if (parts.length > 0 && parts.every((part) => HELD_LETTER.test(part))) return true;
  const distinct = new Set(parts).size;
  return parts.length >= 3 && (distinct === 1 || (distinct === 2 && parts.length >= 4));
}

/**
 * Reads a message: what the visitor wants BMO to do. `heard`: the message is what the speech
 * recognizer heard, not what the visitor typed.
 */
export function understand(message: string, { heard = false } = {}): Intent {
  const text = message.trim();
  if (!text || !/[\p{L}\p{N}]/u.test(text)) return { type: 'empty' };
  if (text.length > MAX_MESSAGE_CHARS) return { type: 'too_long' };
  if (heard && isRepeatedSound(text)) return { type: 'unheard' };
  if (looksNonEnglish(text)) return { type: 'other_language' };
  const lower = words(text).join(' ');
  const wantsDate = DATE_QUESTION.test(lower);
  if (TIME_QUESTION.test(lower) || wantsDate) {
    return { type: 'time', place: placeInQuestion(text), wantsDate };
  }
  const keys = heard ? heardKeywords(text) : keywords(text);
  const talk = SMALL_TALK.find(([, pattern]) => pattern.test(lower));
  // a question with a subject beyond the small talk is a question for the notes
  const talkWords = new Set(talk ? (lower.match(talk[1]) ?? [''])[0].split(' ') : []);
  const subject = keys.filter((key) => !talkWords.has(key));
  if (subject.length > 0) return { type: 'notes', terms: subject.map((word) => [word]) };
  if (talk) return { type: 'small_talk', topic: talk[0] };
  return { type: 'unclear' };
}
