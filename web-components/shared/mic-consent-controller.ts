import type { ReactiveController } from 'lit';
import type { MicConsent, MicConsentHost, MicConsentOptions } from '../voice/mic-consent.ts';

/**
 * Consent before the microphone, for a root element with a `consent-text`: `allow()` resolves
 * true at once without a text (the browser's own permission prompt is then the only consent), and
 * otherwise loads the question and its memory the first time and asks (or recalls) the visitor.
 */
export class MicConsentController implements ReactiveController {
  #host: MicConsentHost;
  #options: MicConsentOptions;
  #consent: MicConsent | undefined;

  constructor(host: MicConsentHost, options: MicConsentOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** Resolves true when the microphone may open: no text, a remembered yes, or a yes now. */
  async allow(): Promise<boolean> {
    if (!this.#host.consentText.trim()) return true;
    return (await this.#load()).allow();
  }

  /** Stops asking without an answer (the visitor went elsewhere): `allow()` resolves false. */
  cancel(): void {
    this.#consent?.cancel();
  }

  /** Forgets the visitor's answers on this site: the next microphone asks again. */
  async reset(): Promise<void> {
    (await this.#load()).reset();
  }

  /** The question, while it is asked. */
  render(): unknown {
    return this.#consent?.render();
  }

  async #load(): Promise<MicConsent> {
    const { MicConsent } = await import('../voice/mic-consent.ts');
    return (this.#consent ??= new MicConsent(this.#host, this.#options));
  }
}
