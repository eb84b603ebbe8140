import { expect, test } from '@playwright/test';
import { GREETINGS } from '../../agent/offline/phrases.ts';
import { askBmo } from './helpers/bmo-chat.ts';

// `askBmo` finds BMO's reply in the orders a real session gives its lines, made here on purpose:
// a log shaped as <bmo-assistant> renders it (a "BMO" label and the words), filled by the page as
// a session would, after the question is typed. No server: the orders are what is tested.

const QUESTION = 'What time is it in Tokyo?';
const ANSWER =
  "It's 5:33 AM on Saturday, 28 November 2026 in Tokyo (Asia/Tokyo, UTC+9). Tick tock!";

/** Lines BMO says before the question goes, and after it (a line that grows is one line). */
const ORDERS = {
  'the greeting comes first': { before: GREETINGS.slice(0, 1), after: [ANSWER] },
  'the greeting comes after the question': {
    before: [],
    after: [...GREETINGS.slice(1, 2), ANSWER],
  },
  'the question cuts the greeting short': {
    before: [],
    after: ['Hi friend! ', ANSWER],
  },
  'the greeting is cut mid-word and the answer streams in': {
    before: [],
    after: ['Hi fri', "It's", "It's 5:33 AM", ANSWER],
  },
};

for (const [name, order] of Object.entries(ORDERS)) {
  test(`askBmo gives the reply's line when ${name}`, async ({ page }) => {
    await page.setContent(`<section aria-label="BMO"><ol role="log"></ol>
      <input aria-label="Type to BMO"></section>`);
    await page.evaluate(({ before, after }) => {
      const log = document.querySelector('ol');
      const box = document.querySelector('input');
      if (!log || !box) throw new Error('the page has no log or no box');
      const say = (who: string, text: string) => {
        const line = document.createElement('li');
        const words = document.createElement('span');
        line.append(Object.assign(document.createElement('span'), { textContent: who }), '\n');
        line.append(Object.assign(words, { textContent: text }));
        log.append(line);
        return words;
      };
      for (const text of before) say('BMO', text);
      box.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter') return;
        say('You', box.value);
        // BMO's lines come one per frame, as a session's do; a line that grows stays one line.
        let words: HTMLSpanElement | undefined;
        const sayNext = (rest: readonly string[]) => {
          const [text, ...later] = rest;
          if (text === undefined) return;
          if (words && text.startsWith(words.textContent)) words.textContent = text;
          else words = say('BMO', text);
          requestAnimationFrame(() => sayNext(later));
        };
        requestAnimationFrame(() => sayNext(after));
      });
    }, order);

    const reply = await askBmo(page.getByRole('region', { name: 'BMO' }), QUESTION);
    await expect(reply).toHaveText(`BMO\n${ANSWER}`, { useInnerText: true });
  });
}
