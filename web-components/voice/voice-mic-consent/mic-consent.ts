import { html, nothing } from 'lit';
import {
  forgetConsent,
  type MicConsentChoice,
  recallConsent,
  rememberConsent,
} from './mic-consent-memory.ts';
import type { MicConsentHost, MicConsentOptions } from './mic-consent-controller.ts';
import { VoiceMicConsent, type VoiceMicConsentChoiceDetail } from './voice-mic-consent.ts';

export interface MicConsentDetail {
  /** What the visitor chose: the microphone may open (`accepted`), or they type (`declined`). */
  choice: MicConsentChoice;
}

/**
 * Consent before the microphone: `allow()` asks the visitor the host's `consent-text` (the host
 * renders `render()` where the question belongs) before anything opens the microphone, and
 * remembers the answer per site and text. `MicConsentController` (mic-consent-controller.ts, in
 * the host's first load) runs this, loaded the first time the host has a text to ask.
 */
export class MicConsent {
  #host: MicConsentHost;
  #options: MicConsentOptions;
  #answer: ((accepted: boolean) => void) | undefined;
  #asking: Promise<boolean> | undefined;

  constructor(host: MicConsentHost, options: MicConsentOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** Resolves true when the microphone may open: no text, a remembered yes, or a yes now. */
  allow(): Promise<boolean> {
    const { consentText: text, consentHref: href } = this.#host;
    this.#asking ??= (async () => {
      const remembered = recallConsent(text, href);
      if (remembered) return remembered === 'accepted';
      return new Promise<boolean>((resolve) => {
        this.#answer = resolve;
        this.#host.requestUpdate();
      });
    })().finally(() => {
      this.#asking = undefined;
      this.#answer = undefined;
      this.#host.requestUpdate();
    });
    return this.#asking;
  }

  /** Stops asking without an answer (the visitor went elsewhere): `allow()` resolves false. */
  cancel(): void {
    this.#answer?.(false);
  }

  /** Forgets the visitor's answers on this site: the next microphone asks again. */
  reset(): void {
    forgetConsent();
  }

  /** The question, while it is asked. */
  render(): unknown {
    if (!this.#answer) return nothing;
    return html`<voice-mic-consent
      focus-on-open
      part="consent"
      text=${this.#host.consentText}
      href=${this.#host.consentHref}
      @voice-mic-consent-choice=${this.#chosen}
    ></voice-mic-consent>`;
  }

  #chosen = async (event: CustomEvent<VoiceMicConsentChoiceDetail>): Promise<void> => {
    const { choice } = event.detail;
    const prompt = event.currentTarget;
    const host = this.#host;
    rememberConsent(host.consentText, host.consentHref, choice);
    this.#answer?.(choice === 'accepted');
    host.dispatchEvent(
      new CustomEvent<MicConsentDetail>(this.#options.event, {
        detail: { choice },
        bubbles: true,
        composed: true,
      }),
    );
    if (prompt instanceof VoiceMicConsent) this.#options.announce(prompt.announcement(choice));
    await host.updateComplete;
    host.renderRoot.querySelector<HTMLElement>(this.#options.focusAfter)?.focus();
  };
}
