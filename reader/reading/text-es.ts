/**
 * Reading a Spanish speaker's words, deterministically, beside text.ts's English rules: the
 * topic's keywords, a time span named in Spanish (said back in Spanish), a greeting, a request
 * for another card, a thank-you, a request to try again. Word boundaries are Unicode-aware
 * (`\b` would split "sí" or "año").
 */
import type { IntentHandoff } from '../../contracts/reading-schema.ts';

type Topic = IntentHandoff['topic'];

/** `alternatives` as whole words, accents included. */
function wordsRe(alternatives: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\d])(?:${alternatives})(?![\\p{L}\\d])`, 'iu');
}

export const TOPIC_WORDS_ES: readonly (readonly [Topic, readonly string[]])[] = [
  [
    'love',
    'amor amo quiere relación relacion pareja novio novia marido esposo esposa mujer matrimonio boda cita romance ex ruptura corazón corazon enamorado enamorada'.split(
      ' ',
    ),
  ],
  [
    'career',
    'trabajo empleo carrera jefe jefa ascenso entrevista negocio empresa oficina proyecto compañeros profesión despido estudios'.split(
      ' ',
    ),
  ],
  [
    'money',
    'dinero finanzas deuda deudas sueldo salario invertir inversión ahorros alquiler hipoteca préstamo ingresos presupuesto'.split(
      ' ',
    ),
  ],
  [
    'health',
    'salud enfermedad enfermo enferma cuerpo recuperación sueño estrés ansiedad sanar dieta ejercicio bienestar'.split(
      ' ',
    ),
  ],
  [
    'family',
    'familia madre padre mamá papá padres hermana hermano hijo hija hijos niños abuela abuelo'.split(
      ' ',
    ),
  ],
  [
    'spiritual',
    'espíritu espiritual propósito sentido alma fe vocación meditación universo destino camino'.split(
      ' ',
    ),
  ],
];

/** Each unit's forms, and whether it is feminine ("la próxima semana"). */
const UNITS: Record<string, { one: string; many: string; feminine: boolean }> = {
  día: { one: 'día', many: 'días', feminine: false },
  semana: { one: 'semana', many: 'semanas', feminine: true },
  mes: { one: 'mes', many: 'meses', feminine: false },
  año: { one: 'año', many: 'años', feminine: false },
};
const UNIT_BY_WORD: Record<string, string> = {
  día: 'día',
  días: 'día',
  semana: 'semana',
  semanas: 'semana',
  mes: 'mes',
  meses: 'mes',
  año: 'año',
  años: 'año',
};

/** "el próximo mes", "las próximas tres semanas". */
function span(count: string, unitWord: string): string | undefined {
  const named = UNITS[UNIT_BY_WORD[unitWord] ?? ''];
  if (!named) return undefined;
  if (count === 'un' || count === 'una' || count === '1') {
    return named.feminine ? `la próxima ${named.one}` : `el próximo ${named.one}`;
  }
  return named.feminine
    ? `las próximas ${count} ${named.many}`
    : `los próximos ${count} ${named.many}`;
}

/** The period a Spanish question covers, in Spanish ("este año", "los próximos tres meses"). */
export function findTimeframeEs(text: string): string | undefined {
  const lower = text.toLowerCase();
  const next =
    /(?:los|las)\s+próxim[oa]s\s+(\d+|dos|tres|cuatro|cinco|seis)\s+(días|semanas|meses|años)/u.exec(
      lower,
    ) ??
    /(?<![\p{L}])en\s+(\d+|un|una|dos|tres|cuatro|cinco|seis)\s+(días|día|semanas|semana|meses|mes|años|año)(?![\p{L}])/u.exec(
      lower,
    );
  const counted = next?.[1] && next[2] ? span(next[1], next[2]) : undefined;
  if (counted) return counted;
  const thisOne =
    /(?<![\p{L}])(este|esta)\s+(año|mes|semana|verano|invierno|primavera|otoño|temporada|trimestre)/u.exec(
      lower,
    );
  if (thisOne?.[1] && thisOne[2]) return `${thisOne[1]} ${thisOne[2]}`;
  const coming =
    /(?<![\p{L}])(?:el|la)\s+(próximo|próxima)\s+(año|mes|semana|verano|invierno|primavera|otoño)/u.exec(
      lower,
    ) ?? /(?<![\p{L}])(?:el|la)\s+(año|mes|semana)\s+que\s+viene/u.exec(lower);
  if (coming?.[1]) {
    const what = coming[2] ?? coming[1];
    return what === 'semana' || what === 'primavera' ? `la próxima ${what}` : `el próximo ${what}`;
  }
  if (wordsRe('hoy|esta noche').test(lower)) return 'hoy';
  if (wordsRe('mañana').test(lower)) return 'mañana';
  if (wordsRe('pronto').test(lower)) return 'las próximas semanas';
  return undefined;
}

export const GREETING_ES =
  /^¡?\s*(?:hola|buenas|buenos días|buenas tardes|buenas noches|saludos)[\s!.,¡]*(?:(?:de nuevo|otra vez)[\s!.,]*)?$/iu;
export const CLARIFY_ES = wordsRe(
  'saca|sacar|sacas|otra carta|una carta más|carta de aclaración|aclarar|aclaración|aclaracion',
);
export const FAREWELL_ES = wordsRe('gracias|adiós|adios|eso es todo|ya está|hemos terminado');
export const RETRY_ES = wordsRe('inténtalo de nuevo|otra vez|de nuevo|empezar de nuevo|repetir');
export const DRAW_AGAIN_ES = wordsRe('sacar de nuevo|de nuevo|otra vez|otra|repetir');
export const END_ES = wordsRe('terminar|termina|acabar|parar|basta|no|ya está|adiós|fin');
export const YES_ES = wordsRe('sí|si|vale|claro|de acuerdo|por favor|adelante|saca');
/** A yes/no question's opening, for the one-card spread. */
export const YES_NO_ES =
  /^¿?\s*(?:debería|deberia|debo|es|está|esta|son|voy|va|vamos|puedo|podré|podre|tengo|tendré|hay|habrá|será|sera|me|le|conseguiré|volverá|volvera)(?![\p{L}\d])/iu;
export const CHOICE_ES = wordsRe('o');
export const DECIDING_ES = wordsRe(
  'debería|deberia|cuál|cual|si|elegir|decidir|quedarme|irme|aceptar|cambiar',
);
export const RELATIONSHIP_ES = wordsRe('relación|relacion|pareja|entre nosotros|matrimonio');
export const AHEAD_ES = wordsRe(
  'cuándo|cuando|futuro|va a|voy a|próximo|próxima|vendrá|llegará|será',
);
