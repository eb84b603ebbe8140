import { expect, fixture, html } from '@open-wc/testing';
import '../../web-components/voice/voice-announcer/voice-announcer.ts';
import type { VoiceAnnouncer } from '../../web-components/voice/voice-announcer/voice-announcer.ts';
import { ContextProvider } from '@lit/context';
import { announce, createAnnouncer } from '../../web-components/stores/announcer.ts';
import { announcerContext } from '../../web-components/stores/reading-context.ts';
import { expectAccessible } from './helpers/a11y.ts';

describe('<voice-announcer>', () => {
  it('is accessible and visually hidden', async () => {
    const el = await fixture<VoiceAnnouncer>(html`<voice-announcer></voice-announcer>`);
    await expectAccessible(el);
    const rect = el.getBoundingClientRect();
    expect(rect.width).to.be.at.most(1);
    expect(rect.height).to.be.at.most(1);
  });

  it('says polite announcements in a status region and errors in an alert region', async () => {
    const el = await fixture<VoiceAnnouncer>(html`<voice-announcer></voice-announcer>`);
    announce('Drawing card for Past position');
    await el.updateComplete;
    const polite = el.shadowRoot?.querySelector('[role="status"]');
    expect(polite?.getAttribute('aria-live')).to.equal('polite');
    expect(polite?.textContent?.trim()).to.equal('Drawing card for Past position');

    announce('Connection lost', { assertive: true });
    await el.updateComplete;
    const alert = el.shadowRoot?.querySelector('[role="alert"]');
    expect(alert?.getAttribute('aria-live')).to.equal('assertive');
    expect(alert?.textContent?.trim()).to.equal('Connection lost');
    // The polite message is not repeated in the alert region.
    expect(polite?.textContent?.trim()).to.equal('Drawing card for Past position');
  });

  it('says the same words twice as two announcements, and ignores blank ones', async () => {
    const el = await fixture<VoiceAnnouncer>(html`<voice-announcer></voice-announcer>`);
    announce('Card drawn');
    await el.updateComplete;
    const first = el.shadowRoot?.querySelector('[role="status"] p');
    const firstId = first?.getAttribute('data-id');
    announce('Card drawn');
    await el.updateComplete;
    const second = el.shadowRoot?.querySelector('[role="status"] p');
    expect(second?.textContent).to.equal('Card drawn');
    expect(second?.getAttribute('data-id')).not.to.equal(firstId);
    // A new node, not an edited one: that is what makes screen readers read it again.
    expect(second).not.to.equal(first);
    announce('   ');
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('[role="status"] p')?.getAttribute('data-id')).to.equal(
      second?.getAttribute('data-id'),
    );
  });

  it('inside an element that provides an announcer, says that one’s words and not the page’s', async () => {
    const host = await fixture<HTMLElement>(html`<div></div>`);
    const own = createAnnouncer();
    new ContextProvider(host, { context: announcerContext, initialValue: own });
    const inside = document.createElement('voice-announcer');
    host.append(inside);
    const outside = await fixture<VoiceAnnouncer>(html`<voice-announcer></voice-announcer>`);
    await inside.updateComplete;
    expect(inside.announcer).to.equal(own);

    own.announce('Drawing a card for the Past position');
    announce('Something for the page');
    await inside.updateComplete;
    await outside.updateComplete;
    expect(inside.shadowRoot?.querySelector('[role="status"]')?.textContent?.trim()).to.equal(
      'Drawing a card for the Past position',
    );
    expect(outside.shadowRoot?.querySelector('[role="status"]')?.textContent?.trim()).to.equal(
      'Something for the page',
    );
  });
});
