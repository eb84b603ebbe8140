/**
 * What the offline BMO says in Spanish: the same lines as phrases.ts, with the same names, for a
 * visitor whose token says `bmo.lang` = `es`.
 */
import type { ClockReading } from './phrases.ts';
import type { SmallTalk } from './language.ts';
import { MAX_MESSAGE_CHARS } from './language.ts';
import { pick } from './phrases.ts';

export { pick };

export const GREETINGS = [
  '¡Hola, amigo! ¡Soy BMO! ¿Qué puede hacer BMO por ti hoy?',
  '¡Hola, hola! BMO está aquí y listo para ayudar. ¿Qué necesitas?',
];

const SMALL_TALK_LINES: Record<SmallTalk, readonly string[]> = {
  greeting: [
    '¡Hola, amigo! BMO se alegra de verte. ¡Pregúntame la hora en cualquier sitio, o por tus notas!',
    '¡Hola! BMO está listo. ¿Quieres la hora en algún sitio, o algo de tus notas?',
  ],
  how_are_you: [
    '¡BMO está genial, gracias por preguntar! Tengo las pilas cargadas. ¿En qué te ayudo?',
    'BMO se siente de maravilla hoy, como un cartucho recién estrenado. ¿Qué puedo hacer por ti?',
  ],
  who: [
    '¡Soy BMO, tu amiguito consola de videojuegos! Sé la hora en cualquier sitio y busco cosas en tus notas.',
  ],
  help: [
    'BMO puede decirte la hora en cualquier ciudad y buscar cosas en tus notas, como un ID o una contraseña. ¡Si encuentro algo preciso, te lo pongo en el casete!',
  ],
  thanks: [
    '¡De nada, amigo! A BMO siempre le gusta ayudar.',
    '¡Cuando quieras! A BMO le gusta ayudar.',
  ],
  bye: ['¡Adiós, amigo! BMO estará aquí mismo.', '¡Hasta luego! BMO te echará de menos.'],
  joke: [
    '¿Por qué fue la consola a la escuela? ¡Para tener un poco más de clase! ¡Ji, ji!',
    'BMO sabe una canción: bip bup, bip bup, ¡tú eres mi amigo! Esa es toda la canción.',
  ],
};

export function smallTalk(topic: SmallTalk, seed: string): string {
  return pick(SMALL_TALK_LINES[topic], seed);
}

export const EMPTY_MESSAGE =
  'Mmm, BMO no ha visto ninguna palabra. ¡Escribe una pregunta y haré lo que pueda!';

export const TOO_LONG = `¡Uy, qué mensaje tan largo! BMO lee hasta ${MAX_MESSAGE_CHARS.toLocaleString('es')} caracteres cada vez. ¿Me lo preguntas en una o dos frases?`;

export const OTHER_LANGUAGE =
  'Perdona, BMO sin conexión solo entiende español e inglés por ahora. ¿Me lo preguntas en español?';

export const FLOODED =
  '¡Uy, cuántos mensajes a la vez! BMO contesta una cosa cada vez. ¿Cuál es la más importante?';

/** Un turno hablado en el que el reconocedor no encontró palabras. */
export const UNHEARD = 'Perdona, BMO no lo ha entendido. ¿Puedes repetirlo, o escribirlo?';

/** Un turno hablado que el reconocedor de voz no pudo tomar: caído, ocupado o lento. */
export const HEARING_DOWN =
  '¡Oh, no! Los oídos de BMO no funcionan ahora mismo, así que no te he oído. ¡Escríbemelo, por favor!';

/** Dicho por escrito cuando la voz de BMO (espeak-ng) deja de funcionar. */
export const VOICE_DOWN =
  'La voz de BMO no funciona ahora mismo, así que te respondo por escrito. ¡Aún te oigo!';

export const UNCLEAR =
  'BMO no sabe bien qué quieres decir. Puedo decirte la hora en algún sitio, o buscar algo en tus notas. ¿Qué prefieres?';

export const NO_TOOLS =
  'BMO no puede usar sus herramientas ahora mismo, así que no puedo comprobarlo. ¿Lo intentamos en un momento?';

export const NOTES_UNAVAILABLE =
  '¡Oh, no! BMO no puede abrir tus notas ahora mismo. ¿Lo intentamos dentro de un ratito?';

export const CLOCK_BROKEN =
  '¡Oh, no! El reloj de BMO no funciona ahora mismo. ¿Lo intentamos en un momento?';

export function unknownPlace(place: string): string {
  return `BMO no sabe en qué zona horaria está ${place}. ¿Me dices una ciudad grande que esté cerca?`;
}

export function nothingFound(subject: string): string {
  return `BMO ha buscado en tus notas, pero no ha encontrado nada sobre ${subject}. Esta vez no hay nada para el casete.`;
}

export function noPreciseMatch(subject: string, kinds: string[]): string {
  return `BMO ha encontrado notas que hablan de ${subject}, pero ningún dato (${kinds.join(' de ')}) que encaje. Esta vez no hay nada para el casete.`;
}

export function quoted(name: string): string {
  return `«${name}»`;
}

export function yourNote(name: string): string {
  return `tu nota ${quoted(name)}`;
}

export function noteSays(where: string, text: string): string {
  return `Esto dice tu nota ${where}: ${text}`;
}

export function found(from: string, title: string, value: string): string {
  return `Lo encontré en ${from}: ${title} es ${value}.`;
}

export function foundOnCassette(from: string, title: string, value: string): string {
  return `${found(from, title, value)} ¡También te lo he puesto en el casete!`;
}

export function foundCassetteFailed(from: string, title: string, value: string): string {
  return `${found(from, title, value)} Esta vez el casete no funcionó, así que cópialo con cuidado desde aquí.`;
}

/** The things a question named, as a Spanish noun phrase chains them: «número de carné». */
export function subject(keys: string[]): string {
  return keys.length > 0 ? `«${keys.join(' de ')}»` : 'eso';
}

/** English weekday and month names, as the clock tool writes them, to Spanish ones. */
const NAMES_ES = ((): Map<string, string> => {
  const names = new Map<string, string>();
  const day = (lang: string, d: Date) =>
    d.toLocaleDateString(lang, { weekday: 'long', timeZone: 'UTC' });
  const month = (lang: string, d: Date) =>
    d.toLocaleDateString(lang, { month: 'long', timeZone: 'UTC' });
  for (let i = 0; i < 12; i += 1) {
    const date = new Date(Date.UTC(2026, i, 1));
    names.set(month('en', date), month('es', date));
  }
  for (let i = 0; i < 7; i += 1) {
    const date = new Date(Date.UTC(2026, 0, 1 + i));
    names.set(day('en', date), day('es', date));
  }
  return names;
})();

function inSpanish(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => NAMES_ES.get(word) ?? word);
}

/** "3:04 PM", as the clock tool writes it, on Spanish's 24-hour clock: "15:04". */
function clock24(clock: string): { text: string; hour: number } {
  const parts = /^(\d{1,2}):(\d{2}) ([AP])M$/.exec(clock);
  if (!parts) return { text: clock, hour: -1 };
  const hour = (Number(parts[1]) % 12) + (parts[3] === 'P' ? 12 : 0);
  return { text: `${hour}:${parts[2] ?? '00'}`, hour };
}

/** "22 November 2026" → "22 de noviembre de 2026". */
function dateEs(date: string): string {
  const parts = /^(\d{1,2}) (\p{L}+) (\d{4})$/u.exec(date);
  return parts ? `${parts[1]} de ${inSpanish(parts[2] ?? '')} de ${parts[3]}` : inSpanish(date);
}

export function todayIs(r: ClockReading): string {
  return `Hoy es ${inSpanish(r.weekday)}, ${dateEs(r.date)} en ${r.place} (${r.zoneNote}). ¡Bip bup, lo dice el calendario de BMO!`;
}

export function timeIs(r: ClockReading): string {
  const { text, hour } = clock24(r.clock);
  const lead = hour === 1 ? 'Es la' : 'Son las';
  return `${lead} ${text} del ${inSpanish(r.weekday)}, ${dateEs(r.date)} en ${r.place} (${r.zoneNote}). ¡Tic tac!`;
}

export function clockSays(output: string): string {
  return `BMO ha mirado el reloj: ${output}`;
}
