import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../web-components/voice/voice-transcript/voice-transcript.ts';
import type {
  VoiceTranscript,
  VoiceTranscriptEntry,
  VoiceTranscriptToggleDetail,
} from '../../web-components/voice/voice-transcript/voice-transcript.ts';
import { $reducedMotion, setMotionChoice } from '../../web-components/stores/preferences.ts';
import { expectAccessible, waitUntil } from './helpers/a11y.ts';

function lines(count: number, from = 0): VoiceTranscriptEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m${from + i}`,
    role: (from + i) % 2 === 0 ? 'assistant' : 'user',
    text: `Line ${from + i}: the cards speak of patience and of change that comes slowly.`,
  }));
}

function part<T extends Element>(el: VoiceTranscript, selector: string): T {
  const found = el.shadowRoot?.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

/** Scrolls `log` to `top` and resolves when the scroll has ended (`scrollend`). */
async function scrollTo(log: HTMLElement, top: number): Promise<void> {
  const ended = oneEvent(log, 'scrollend');
  log.scrollTop = top;
  await ended;
}

const atBottom = (log: HTMLElement) => log.scrollHeight - log.scrollTop - log.clientHeight < 2;

describe('<voice-transcript>', () => {
  // Drawn for the hosted page's dark theme (styles/page.css): test on its background.
  before(() => {
    document.body.style.background = 'var(--va-color-bg)';
    document.body.style.color = 'var(--va-color-text)';
  });

  afterEach(async () => {
    setMotionChoice('system');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('is accessible closed and open, with user, agent and event lines', async () => {
    const el = await fixture<VoiceTranscript>(
      html`<voice-transcript
        .entries=${[
          { id: 'a', role: 'assistant', text: 'What would you like to ask?' },
          { id: 'u', role: 'user', text: 'Will I move abroad?' },
          { id: 'e', role: 'event', kind: 'drawn', text: 'Drawn: The Star, upright for Past' },
          { id: 'w', role: 'assistant', text: 'The Star', done: false },
        ]}
      ></voice-transcript>`,
    );
    await expectAccessible(el);
    el.open = true;
    await el.updateComplete;
    await expectAccessible(el);
    const items = [...(el.shadowRoot?.querySelectorAll('[part~="entry"]') ?? [])].map((item) =>
      item.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(items).to.deep.equal([
      'Reader What would you like to ask?',
      'You Will I move abroad?',
      'Drawn: The Star, upright for Past',
      'Reader The Star',
    ]);
    expect(part(el, '[data-kind="drawn"]').classList.contains('event')).to.equal(true);
    expect(part(el, '[data-done="false"]').textContent).to.contain('The Star');
  });

  it('keeps each line its own: one that arrives between two others is a new line, the others stay', async () => {
    const el = await fixture<VoiceTranscript>(
      html`<voice-transcript open .entries=${lines(2)}></voice-transcript>`,
    );
    const before = [...(el.shadowRoot?.querySelectorAll('[part~="entry"]') ?? [])];
    expect(before).to.have.length(2);
    // a spoken question's words can come after the answer has begun
    const [first, second] = lines(2) as [VoiceTranscriptEntry, VoiceTranscriptEntry];
    el.entries = [first, { id: 'late', role: 'user', text: 'Will it rain?' }, second];
    await el.updateComplete;
    const after = [...(el.shadowRoot?.querySelectorAll('[part~="entry"]') ?? [])];
    expect(after).to.have.length(3);
    expect(after[0]).to.equal(before[0]);
    expect(after[2]).to.equal(before[1]);
    expect(after[1]?.textContent).to.contain('Will it rain?');
  });

  it('the toggle is a button with aria-expanded that shows and hides the log and says so', async () => {
    const el = await fixture<VoiceTranscript>(
      html`<voice-transcript .entries=${lines(2)}></voice-transcript>`,
    );
    const toggle = part<HTMLButtonElement>(el, '[part="toggle"]');
    const log = part<HTMLElement>(el, '#log');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle.getAttribute('aria-controls')).to.equal('log');
    expect(log.hidden).to.equal(true);
    expect(log.getBoundingClientRect().height).to.equal(0);

    const opened = oneEvent(el, 'voice-transcript-toggle');
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    const event: CustomEvent<VoiceTranscriptToggleDetail> = await opened;
    expect(event.detail).to.deep.equal({ open: true });
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(log.hidden).to.equal(false);

    const closed = oneEvent(el, 'voice-transcript-toggle');
    await sendKeys({ press: 'Space' });
    expect((await closed).detail).to.deep.equal({ open: false });
    await el.updateComplete;
    expect(log.hidden).to.equal(true);
  });

  it('is a log screen readers do not read aloud over the voice, and can be scrolled by keyboard', async () => {
    const el = await fixture<VoiceTranscript>(
      html`<voice-transcript open .entries=${lines(3)}></voice-transcript>`,
    );
    const log = part<HTMLElement>(el, '[role="log"]');
    expect(log.getAttribute('aria-live')).to.equal('off');
    expect(log.getAttribute('aria-label')).to.equal('Transcript');
    expect(log.tabIndex).to.equal(0);
  });

  it('opens at the latest message and follows new ones, smoothly', async () => {
    const el = await fixture<VoiceTranscript>(
      html`<voice-transcript
        style="--voice-transcript-height: 8rem"
        .entries=${lines(12)}
      ></voice-transcript>`,
    );
    el.open = true;
    await el.updateComplete;
    const log = part<HTMLElement>(el, '[part="log"]');
    expect(log.scrollHeight).to.be.above(log.clientHeight);
    expect(atBottom(log)).to.equal(true);
    el.entries = [...el.entries, ...lines(4, 12)];
    await el.updateComplete;
    // A smooth scroll is still under way right after the update…
    expect(atBottom(log)).to.equal(false);
    // …and ends at the latest message.
    await waitUntil(() => atBottom(log), 'the log to reach the latest message');
  });

  it('with reduced motion it jumps to the latest message instead of scrolling smoothly', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const el = await fixture<VoiceTranscript>(
      html`<voice-transcript
        open
        style="--voice-transcript-height: 8rem"
        .entries=${lines(12)}
      ></voice-transcript>`,
    );
    await waitUntil(() => $reducedMotion.get(), 'the system setting to reach the store');
    const log = part<HTMLElement>(el, '[part="log"]');
    el.entries = [...el.entries, ...lines(4, 12)];
    await el.updateComplete;
    expect(atBottom(log)).to.equal(true);
    const entry = part<HTMLElement>(el, '[part~="entry"]');
    expect(getComputedStyle(entry).animationName).to.equal('none');
  });

  it('leaves the log where it is when the person has scrolled up to reread', async () => {
    setMotionChoice('reduce');
    const el = await fixture<VoiceTranscript>(
      html`<voice-transcript
        open
        style="--voice-transcript-height: 8rem"
        .entries=${lines(12)}
      ></voice-transcript>`,
    );
    const log = part<HTMLElement>(el, '[part="log"]');
    // The first scroll's end tells the log that its own scrolling is over; the second is the
    // person's, up to the top.
    await scrollTo(log, 10);
    await scrollTo(log, 0);
    el.entries = [...el.entries, ...lines(2, 12)];
    await el.updateComplete;
    expect(log.scrollTop).to.equal(0);
  });

  it('says so when nothing has been said yet', async () => {
    const el = await fixture<VoiceTranscript>(html`<voice-transcript open></voice-transcript>`);
    expect(part(el, '[part="log"]').textContent?.trim()).to.equal('Nothing has been said yet.');
  });
});
