import { expect, fixture, html } from '@open-wc/testing';
import '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import type { BmoAssistant } from '../../web-components/bmo/bmo-assistant/bmo-assistant.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';
import { all } from './helpers/dom.ts';

/** The horizontal centres of the assistant's two panels (console, conversation), in DOM order. */
function controlCentres(el: BmoAssistant): number[] {
  return all(el, '[part="console"], [part="conversation"]').map((button) => {
    const box = button.getBoundingClientRect();
    return box.left + box.width / 2;
  });
}

/** An assistant in a page wide enough for its two columns. */
async function wide(template: ReturnType<typeof html>): Promise<BmoAssistant> {
  const page = await fixture<HTMLElement>(html`<div style="inline-size: 1000px">${template}</div>`);
  const el = page.querySelector('bmo-assistant');
  if (!el) throw new Error('an assistant');
  return el;
}

describe('right to left', () => {
  it('<bmo-assistant> lays its panels out left to right by default', async () => {
    const el = await wide(html`<bmo-assistant></bmo-assistant>`);
    const [first = 0, second = 0] = controlCentres(el);
    expect(first).to.be.below(second);
  });

  it('<bmo-assistant dir="rtl"> mirrors them: the console sits on the right', async () => {
    const el = await wide(html`<bmo-assistant dir="rtl"></bmo-assistant>`);
    const [first = 0, second = 0] = controlCentres(el);
    expect(first).to.be.above(second);
    await expectAccessible(el);
  });

  it('<bmo-assistant lang="he"> mirrors without a dir (and says it shows English)', async () => {
    const el = await wide(html`<bmo-assistant lang="he"></bmo-assistant>`);
    await waitUntil(() => {
      const [first = 0, second = 0] = controlCentres(el);
      return first > second;
    }, 'a mirrored layout');
    expect(all(el, '[part="lang-notice"]')).to.have.length(1);
  });
});
