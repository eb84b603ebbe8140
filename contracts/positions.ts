/**
 * The spreads' positions by key. A position's key is its English label ("Past", "What Crosses
 * You"): the offline reader lays its spreads out with these, `draw_card`'s `positionLabel` carries
 * one whenever a standard position fits (the agents with OpenAI are told to write them exactly
 * so), and each language names them in its own terms (`POSITION_NAMES_ES`, … beside the cards'
 * names in `cards-es.ts`, …), so the page names a key in the visitor's language. A label that is
 * no key (a position OpenAI named itself) is shown as it came. Zod-free, for a first load.
 */

export const POSITION_KEYS = [
  'The Answer',
  'Past',
  'Present',
  'Future',
  'Path A',
  'Path B',
  'What to Weigh',
  'You',
  'The Other Person',
  'The Bond',
  'The Challenge',
  'Where It Is Heading',
  'Heart of the Matter',
  'What Crosses You',
  'Root',
  'Recent Past',
  'Near Future',
  'Likely Outcome',
  'Situation',
  'Challenge',
  'Advice',
  'Outcome',
  'Clarification',
] as const;
export type PositionKey = (typeof POSITION_KEYS)[number];

/** Each position's name in one language, by key. */
export type PositionNames = Record<PositionKey, string>;

export function isPositionKey(label: string): label is PositionKey {
  return (POSITION_KEYS as readonly string[]).includes(label);
}

/** A position's name in `names` for `label` when it is a key; otherwise `label` as it came. */
export function positionName(names: PositionNames, label: string): string {
  return isPositionKey(label) ? names[label] : label;
}
