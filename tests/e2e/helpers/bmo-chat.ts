/**
 * Asking an embedded `<bmo-assistant>` a typed question, for specs that do not wait for BMO's
 * greeting first. The greeting may still be arriving when the question goes: it can land before or
 * after the question's line, and a question that comes while BMO speaks it cuts it short, to the
 * words already said ("Hi friend!"). ask-bmo.spec.ts makes each order on purpose.
 */
import { expect, type Locator } from '@playwright/test';
import { GREETINGS } from '../../../agent/offline/phrases.ts';
import { GREETINGS as GREETINGS_ES } from '../../../agent/offline/phrases-es.ts';

/** BMO's log lines in `assistant`. */
export const bmoLines = (assistant: Locator) => assistant.getByRole('log').getByRole('listitem');

/** A BMO line that is a greeting, whole or cut short (any start of one, up to a word's middle). */
const GREETING_LINE = new RegExp(
  `^\\s*BMO\\s*(?:${[...GREETINGS, ...GREETINGS_ES].map(startsOf).join('|')})\\s*$`,
);

/** A pattern for every start of `text` (the empty one too): "", "H", "Hi", "Hi ", "Hi f"… */
function startsOf(text: string): string {
  return [...text].reduceRight((rest, char) => {
    const own = /\s/.test(char) ? '\\s+' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return `(?:${own}${rest})?`;
  }, '');
}

/**
 * Types `question` (asked once in this assistant) into `assistant`'s box (its label in the
 * assistant's language); resolves with the line BMO's
 * reply will fill (assert on it: it fills in as it streams): its first line after the question that
 * is not its greeting. The question is found by its words, never by a count of the lines.
 */
export async function askBmo(
  assistant: Locator,
  question: string,
  boxLabel = 'Type to BMO',
): Promise<Locator> {
  const box = assistant.getByRole('textbox', { name: boxLabel });
  await box.fill(question);
  await box.press('Enter');
  const asked = bmoLines(assistant).filter({ hasText: question });
  await expect(asked).toHaveCount(1);
  return asked.locator('xpath=following-sibling::li').filter({ hasNotText: GREETING_LINE }).first();
}
