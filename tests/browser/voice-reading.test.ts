import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../web-components/tarot/tarot-reading-voice/tarot-reading-voice.ts';
import {
  OFFLINE_VOICE_NOTICE,
  type TarotReadingVoice,
} from '../../web-components/tarot/tarot-reading-voice/tarot-reading-voice.ts';
import { type ReadingStore, createReadingStore } from '../../web-components/stores/reading.ts';
import type { TarotCardStage } from '../../web-components/tarot/tarot-card-stage/tarot-card-stage.ts';
import type { VoiceAgentIndicator } from '../../web-components/voice/voice-agent-indicator/voice-agent-indicator.ts';
import type { VoiceSpeakerButton } from '../../web-components/voice/voice-speaker-button/voice-speaker-button.ts';
import type { VoiceTranscript } from '../../web-components/voice/voice-transcript/voice-transcript.ts';
import { expectAccessible } from './helpers/a11y.ts';
import { buttonNamed, find, must } from './helpers/dom.ts';

/** The store each test drives, handed to the element as `.store` (no `<tarot-reading>` above it). */
let voiceReading: ReadingStore = createReadingStore();

function connected(agent: 'IntentAssessment' | 'SpreadGeneration' | 'Reading' | 'Followup'): void {
  voiceReading.reset();
  voiceReading.setConnection('connected');
  voiceReading.setEngine('local');
  voiceReading.setAgent(agent);
}

async function render(): Promise<TarotReadingVoice> {
  const el = await fixture<TarotReadingVoice>(
    html`<tarot-reading-voice .store=${voiceReading}
      ><h1 slot="heading">Voice reading</h1></tarot-reading-voice
    >`,
  );
  await el.updateComplete;
  return el;
}

describe('<tarot-reading-voice>', () => {
  before(() => {
    document.body.style.background = 'var(--va-color-bg)';
    document.body.style.color = 'var(--va-color-text)';
  });
  beforeEach(() => {
    voiceReading = createReadingStore();
  });

  it('a stalled draw where the person cannot speak: the centre offers Continue, Draw again and Switch to text, accessibly', async () => {
    connected('SpreadGeneration');
    voiceReading.setChoice({
      reason: 'timeout',
      message: 'No card was picked in time. What would you like to do?',
    });
    const el = await render();
    await expectAccessible(el);
    const group = must(el, '[part="center"] [role="group"]');
    expect(group.textContent).to.contain('No card was picked in time.');
    expect(find(el, '[part="center"] voice-speaker-button')).to.equal(null);
    const drawAgain = oneEvent(el, 'tarot-reading-choose');
    buttonNamed(el, 'Draw again').click();
    expect((await drawAgain).detail).to.deep.equal({ choice: 'draw-again' });
    const goOn = oneEvent(el, 'tarot-reading-choose');
    buttonNamed(el, 'Continue').click();
    expect((await goOn).detail).to.deep.equal({ choice: 'continue' });
    const toText = oneEvent(el, 'tarot-reading-switch-text');
    buttonNamed(el, 'Switch to text').click();
    await toText;
    // Answered: the choice goes and the centre is the spread again.
    voiceReading.setChoice(null);
    await el.updateComplete;
    expect(find(el, '[part="center"] [role="group"]')).to.equal(null);
  });

  it('in Intent Assessment: the agent indicator, the offline notice and the talk button at the centre, accessibly', async () => {
    connected('IntentAssessment');
    const el = await render();
    await expectAccessible(el);
    expect(must<VoiceAgentIndicator>(el, 'voice-agent-indicator').label).to.equal(
      'Intent Assessment',
    );
    expect(must(el, '[part="notice"]').textContent?.trim()).to.equal(OFFLINE_VOICE_NOTICE);
    // Where the offline reader hears, the notice says so instead.
    voiceReading.setHears(true);
    await el.updateComplete;
    expect(must(el, '[part="notice"]').textContent?.trim()).to.equal(
      'Offline reader: it hears English on this machine.',
    );
    voiceReading.setHears(false);
    await el.updateComplete;
    const talk = must<VoiceSpeakerButton>(el, '[part="center"] voice-speaker-button');
    expect(talk.disabled).to.equal(false);
    // The back button sits before everything else, top left.
    const back = buttonNamed(el, '← Back');
    const first = el.shadowRoot?.querySelector('button');
    expect(first).to.equal(back);
    const backBox = back.getBoundingClientRect();
    const talkBox = talk.getBoundingClientRect();
    expect(backBox.left).to.be.below(talkBox.left);
    expect(backBox.top).to.be.below(talkBox.top);
  });

  it('while connecting the talk button waits, disabled', async () => {
    voiceReading.reset();
    voiceReading.setConnection('connecting');
    const el = await render();
    const talk = must<VoiceSpeakerButton>(el, 'voice-speaker-button');
    expect(talk.disabled).to.equal(true);
    expect(talk.label).to.equal('Connecting…');
    expect(must(el, '[part="status"]').textContent?.trim()).to.equal('Connecting to the reader…');
    await expectAccessible(el);
  });

  it('in Spread Generation the picker takes the centre and the talk button is hidden, with the reason given', async () => {
    connected('SpreadGeneration');
    voiceReading.openPicker({ positionLabel: 'Past', promptRole: 'what shaped you' });
    const el = await render();
    expect(find(el, 'voice-speaker-button')).to.equal(null);
    const picker = must(el, '[part="center"] tarot-card-picker');
    expect(picker.getAttribute('position-label')).to.equal('Past');
    await expectAccessible(el);
    voiceReading.closePicker();
    await el.updateComplete;
    expect(find(el, 'tarot-card-picker')).to.equal(null);
    expect(find(el, 'voice-speaker-button')).to.equal(null);
    expect(must(el, '[part="status"]').textContent).to.contain(
      'You can speak again once the reading is complete',
    );
  });

  it('in Reading the stage shows the card being read, without a second live region', async () => {
    connected('Reading');
    voiceReading.showCard({ cardId: 'the-star', cardName: 'The Star', reversed: false });
    const el = await render();
    // the card elements load once the reading is under way
    await customElements.whenDefined('tarot-card-stage');
    const stage = must<TarotCardStage>(el, '[part="center"] tarot-card-stage');
    expect(stage.cardId).to.equal('the-star');
    expect(stage.hasAttribute('quiet')).to.equal(true);
    await stage.updateComplete;
    expect(stage.shadowRoot?.querySelector('[aria-live]')).to.equal(null);
    expect(find(el, 'voice-speaker-button')).to.equal(null);
    await expectAccessible(el);
  });

  it('in Followup the talk button is back (with the last card above it), and focus returns to it', async () => {
    connected('Reading');
    voiceReading.showCard({ cardId: 'the-moon', cardName: 'The Moon', reversed: true });
    const el = await render();
    voiceReading.setAgent('Followup');
    await el.updateComplete;
    const talk = must<VoiceSpeakerButton>(el, '[part="center"] voice-speaker-button');
    expect(talk.disabled).to.equal(false);
    expect(find(el, '[part="center"] [part~="stage-small"]')).to.not.equal(null);
    expect(must<VoiceAgentIndicator>(el, 'voice-agent-indicator').label).to.equal('Followup');
    expect(document.activeElement === document.body || el.matches(':focus-within')).to.equal(true);
    await expectAccessible(el);
  });

  it('shows "Listening…" below while held and "speaking" on the button while the agent talks', async () => {
    connected('IntentAssessment');
    const el = await render();
    voiceReading.setAudio({ speaking: true });
    await el.updateComplete;
    expect(must<VoiceSpeakerButton>(el, 'voice-speaker-button').speaking).to.equal(true);
    expect(must(el, '[part="status"]').textContent).to.contain('The reader is speaking');
    voiceReading.setAudio({ speaking: false, listening: true });
    await el.updateComplete;
    expect(must(el, '[part="status"]').textContent?.trim()).to.equal('Listening… let go to send.');
  });

  it('the transcript starts open with the offline reader (it has no voice) and turns cards into lines', async () => {
    connected('SpreadGeneration');
    voiceReading.setTranscript([
      { kind: 'message', id: 'a1', role: 'assistant', text: 'Welcome.', done: true },
      { kind: 'phase', id: 'p1', agent: 'SpreadGeneration' },
      {
        kind: 'card',
        id: 'c1',
        action: 'drawn',
        cardId: 'the-star',
        cardName: 'The Star',
        reversed: false,
        positionLabel: 'Past',
      },
    ]);
    const el = await render();
    const transcript = must<VoiceTranscript>(el, 'voice-transcript');
    expect(transcript.open).to.equal(true);
    expect(transcript.entries.map((entry) => entry.text)).to.deep.equal([
      'Welcome.',
      'Spread Generation phase',
      'Drawn: The Star, upright for Past',
    ]);
    voiceReading.setEngine('openai');
    await el.updateComplete;
    expect(transcript.open).to.equal(false);
  });

  it('the back button asks "Leave the reading?" in a native dialog: Stay keeps the reading, Leave leaves', async () => {
    connected('IntentAssessment');
    const el = await render();
    let left = 0;
    el.addEventListener('tarot-reading-leave', () => (left += 1));
    buttonNamed(el, '← Back').click();
    const dialog = must<HTMLDialogElement>(el, 'dialog');
    expect(dialog.open).to.equal(true);
    expect(must(el, '#leave-title').textContent).to.equal('Leave the reading?');
    await expectAccessible(el);
    // Focus starts on "Stay"; Escape also stays.
    await sendKeys({ press: 'Escape' });
    expect(dialog.open).to.equal(false);
    buttonNamed(el, '← Back').click();
    const stayed = oneEvent(dialog, 'close');
    buttonNamed(el, 'Stay').click();
    await stayed;
    expect(left).to.equal(0);
    buttonNamed(el, '← Back').click();
    const leaving = oneEvent(el, 'tarot-reading-leave');
    buttonNamed(el, 'Leave').click();
    const event = await leaving;
    expect(event.bubbles && event.composed).to.equal(true);
    expect(left).to.equal(1);
  });

  it('an unsupported browser: the exact message, browser advice and "Switch to Text Chat"', async () => {
    voiceReading.reset();
    voiceReading.setConnection('error');
    voiceReading.setError({
      kind: 'unsupported',
      message: "Your browser doesn't support voice readings",
    });
    const el = await render();
    expect(must(el, '[part="problem"] h2').textContent).to.equal(
      "Your browser doesn't support voice readings",
    );
    // The error panel says it as an alert.
    expect(must(el, '[part="problem"] [role="alert"]').textContent?.trim()).to.equal(
      "Your browser doesn't support voice readings",
    );
    expect(must(el, '[part="problem"]').textContent).to.contain('Chrome, Edge, Firefox or Safari');
    expect(find(el, 'voice-speaker-button')).to.equal(null);
    await expectAccessible(el);
    const switching = oneEvent(el, 'tarot-reading-switch-text');
    buttonNamed(el, 'Switch to Text Chat').click();
    await switching;
  });

  it('a failed connection: its message with "Retry" and "Switch to Text Mode"', async () => {
    voiceReading.reset();
    voiceReading.setConnection('error');
    voiceReading.setError({
      kind: 'connection',
      message: 'The reading service is busy right now.',
    });
    const el = await render();
    expect(must(el, '[part="problem"]').textContent).to.contain(
      'The reading service is busy right now.',
    );
    expect(must(el, '[part="problem"] [role="alert"]').textContent).to.equal(
      'The reading service is busy right now.',
    );
    await expectAccessible(el);
    const retry = oneEvent(el, 'tarot-reading-retry');
    buttonNamed(el, 'Retry').click();
    await retry;
    const switching = oneEvent(el, 'tarot-reading-switch-text');
    buttonNamed(el, 'Switch to Text Mode').click();
    await switching;
    // Leaving needs no confirmation when nothing is connected.
    const leaving = oneEvent(el, 'tarot-reading-leave');
    buttonNamed(el, '← Back').click();
    await leaving;
    expect(must<HTMLDialogElement>(el, 'dialog').open).to.equal(false);
  });

  it('a refused microphone: its message with "Try again" and "Switch to Text Chat"', async () => {
    voiceReading.reset();
    voiceReading.setConnection('error');
    voiceReading.setError({
      kind: 'microphone',
      message: 'The microphone is blocked for this site.',
    });
    const el = await render();
    expect(must(el, '[part="problem"] h2').textContent?.trim()).to.equal(
      'The microphone is not available',
    );
    const retry = oneEvent(el, 'tarot-reading-retry');
    buttonNamed(el, 'Try again').click();
    await retry;
    const switching = oneEvent(el, 'tarot-reading-switch-text');
    buttonNamed(el, 'Switch to Text Chat').click();
    await switching;
    await expectAccessible(el);
  });

  it('shows the page’s notice (a hold too short) in the status line', async () => {
    connected('IntentAssessment');
    const el = await render();
    el.notice = 'Hold the button down while you speak, then let go.';
    await el.updateComplete;
    expect(must(el, '[part="status"]').textContent?.trim()).to.equal(
      'Hold the button down while you speak, then let go.',
    );
  });
});
