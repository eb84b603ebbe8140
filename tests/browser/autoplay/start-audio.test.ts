// Runs in its own Chromium, launched with `--autoplay-policy=document-user-activation-required`
// (web-test-runner.config.js, group `autoplay`): the browser's real policy, not a stand-in, is what
// holds the sound back until the key press below.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../web-components/voice/voice-start-audio/voice-start-audio.ts';
import { PlaybackGuard } from '../../../web-components/voice/audio/playback.ts';
import type { VoiceStartAudio } from '../../../web-components/voice/voice-start-audio/voice-start-audio.ts';
import { waitUntil } from '../helpers/a11y.ts';

/** A live stream with sound in it, as the reader's remote track is. */
function soundStream(): { stream: MediaStream; context: AudioContext } {
  const context = new AudioContext();
  const oscillator = context.createOscillator();
  const destination = context.createMediaStreamDestination();
  oscillator.connect(destination);
  oscillator.start();
  return { stream: destination.stream, context };
}

function button(el: VoiceStartAudio): HTMLButtonElement | null {
  return el.shadowRoot?.querySelector('button') ?? null;
}

describe('<voice-start-audio> under a blocking autoplay policy', () => {
  it('shows one Start audio button, said in a live region, while the reader’s element and its AudioContext are held back; Enter plays both and the button goes', async () => {
    // The policy's precondition: nothing has activated this document yet.
    expect(navigator.userActivation.hasBeenActive).to.equal(false);
    const guard = new PlaybackGuard();
    const el = await fixture<VoiceStartAudio>(
      html`<voice-start-audio .guard=${guard}></voice-start-audio>`,
    );
    const status = el.shadowRoot?.querySelector('[role="status"]');
    expect(
      status instanceof HTMLElement,
      'the live region is there before anything is said',
    ).to.equal(true);
    expect(button(el)).to.equal(null);

    const { stream, context } = soundStream();
    const audio = document.createElement('audio');
    audio.autoplay = true;
    audio.srcObject = stream;
    guard.watchElement(audio);
    // The context making the sound is itself held suspended by the same policy.
    guard.watchContext(context);
    await waitUntil(() => button(el) !== null, 'the Start audio button');
    expect(context.state).to.equal('suspended');
    expect(guard.$blocked.get()).to.equal(true);
    expect(audio.paused).to.equal(true);
    expect(el.shadowRoot?.querySelectorAll('button').length).to.equal(1);
    expect(button(el)?.textContent?.trim()).to.equal('Start audio');
    expect(status?.textContent).to.contain('holding back the reader’s voice');

    button(el)?.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => button(el) === null, 'the button goes');
    expect(audio.paused).to.equal(false);
    expect(context.state).to.equal('running');
    expect(guard.$blocked.get()).to.equal(false);
    guard.forget(audio);
    guard.forget(context);
    await context.close();
  });
});
