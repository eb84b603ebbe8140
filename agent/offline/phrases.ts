/**
 * What the offline BMO says, in BMO's voice: short, warm, a little silly. A line is picked by a
 * hash of the visitor's words, so the same message always gets the same answer (deterministic)
 * while different messages get some variety.
 */
import type { SmallTalk } from './language.ts';
import { MAX_MESSAGE_CHARS } from './language.ts';

/** A stable choice among `lines` for `seed` (FNV-1a). */
export function pick(lines: readonly string[], seed: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return lines[hash % lines.length] ?? lines[0] ?? '';
}

export const GREETINGS = [
  "Hi friend! It's me, BMO! What can BMO do for you today?",
  'Hello hello! BMO is here and ready to help. What do you need?',
];

const SMALL_TALK_LINES: Record<SmallTalk, readonly string[]> = {
  greeting: [
    'Hi friend! BMO is happy to see you. Ask me the time anywhere, or about your notes!',
    'Hello! BMO is ready. Want the time somewhere, or something from your notes?',
  ],
  how_are_you: [
    'BMO is doing great, thank you for asking! My batteries are full. How can I help?',
    'BMO feels wonderful today, like a fresh game cartridge! What can I do for you?',
  ],
  who: [
    "I'm BMO, your little living game console friend! I can tell the time anywhere and look things up in your notes.",
  ],
  help: [
    'BMO can tell you the time in any city, and look things up in your notes, like an ID or a password. If I find something precise, I put it on the cassette for you!',
  ],
  thanks: ["You're welcome, friend! BMO is always happy to help.", 'Anytime! BMO likes helping.'],
  bye: ['Bye bye, friend! BMO will be right here.', 'See you later! BMO will miss you.'],
  joke: [
    'Why did the game console go to school? To get a little more class! Hee hee!',
    'BMO knows a song: beep boop, beep boop, you are my friend! That is the whole song.',
  ],
};

export function smallTalk(topic: SmallTalk, seed: string): string {
  return pick(SMALL_TALK_LINES[topic], seed);
}

export const EMPTY_MESSAGE =
  "Hmm, BMO didn't catch any words there. Type a question and I'll do my best!";

export const TOO_LONG = `Whoa, that's a very long message! BMO reads up to ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters at a time. Could you ask in a sentence or two?`;

export const OTHER_LANGUAGE =
  'Sorry, offline BMO only understands English for now. Could you ask me in English?';

export const FLOODED =
  "Whoa, that's a lot of messages at once! BMO answers one thing at a time. What's the most important one?";

/** A spoken turn the recognizer found no words in (noise, a mumble, a word cut off). */
export const UNHEARD = "Sorry, BMO didn't catch that. Could you say it again, or type it?";

/** A spoken turn the speech recognizer could not take: it is down, busy or too slow. */
export const HEARING_DOWN =
  "Oh no, BMO's ears aren't working right now, so I couldn't hear that. Please type it to me!";

/** Said in text when BMO's voice (espeak-ng) stopped working. */
export const VOICE_DOWN =
  "BMO's voice isn't working right now, so my answers come as text. I can still hear you!";

export const UNCLEAR =
  "BMO isn't sure what you mean. I can tell the time somewhere, or look something up in your notes. What would you like?";

export const NO_TOOLS =
  "BMO can't use its tools right now, so I can't check that. Try again in a moment?";

export const NOTES_UNAVAILABLE =
  "Oh no, BMO can't open your notes right now. Try again in a little while?";

export const CLOCK_BROKEN = "Oh no, BMO's clock isn't working right now. Try again in a moment?";

export function unknownPlace(place: string): string {
  return `BMO doesn't know which time zone ${place} is in. Could you name a big city nearby?`;
}

export function nothingFound(subject: string): string {
  return `BMO looked through your notes but couldn't find anything about ${subject}. Nothing to put on the cassette this time.`;
}

export function noPreciseMatch(subject: string, kinds: string[]): string {
  return `BMO found notes that mention ${subject}, but no ${kinds.join(' ')} that fits. Nothing to put on the cassette this time.`;
}

/** A note's name as the answers quote it: "Health". */
export function quoted(name: string): string {
  return `"${name}"`;
}

/** "your note "Health"" as the answers name a note. */
export function yourNote(name: string): string {
  return `your note ${quoted(name)}`;
}

/** A general answer: what a note's section says. */
export function noteSays(where: string, text: string): string {
  return `Here's what your note ${where} says: ${text}`;
}

export function found(from: string, title: string, value: string): string {
  return `Found it in ${from}: ${title} is ${value}.`;
}

export function foundOnCassette(from: string, title: string, value: string): string {
  return `${found(from, title, value)} I've popped it into the cassette for you too!`;
}

export function foundCassetteFailed(from: string, title: string, value: string): string {
  return `${found(from, title, value)} The cassette didn't work this time, so please copy it carefully from here.`;
}

/** The subject of a question, quoted, or "that". */
export function subject(keys: string[]): string {
  return keys.length > 0 ? `"${keys.join(' ')}"` : 'that';
}

/** The clock's answer, in parts: the weekday, the date and the time as the tool wrote them. */
export interface ClockReading {
  weekday: string;
  date: string;
  clock: string;
  place: string;
  zoneNote: string;
}

export function todayIs(r: ClockReading): string {
  return `Today is ${r.weekday}, ${r.date} in ${r.place} (${r.zoneNote}). Beep boop, BMO's calendar says so!`;
}

export function timeIs(r: ClockReading): string {
  return `It's ${r.clock} on ${r.weekday}, ${r.date} in ${r.place} (${r.zoneNote}). Tick tock!`;
}

export function clockSays(output: string): string {
  return `BMO checked the clock: ${output}`;
}
