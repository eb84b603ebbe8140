import type { ReactiveController, ReactiveElement } from 'lit';

/** A root element with the site's consent text for the microphone. */
export interface MicConsentHost extends ReactiveElement {
  consentText: string;
  consentHref: string;
}

export interface MicConsentOptions {
  /** The host's event for the visitor's choice, e.g. `bmo-mic-consent`. */
  event: string;
  /** Says the outcome to screen-reader users through the host's own live region. */
  announce: (message: string) => void;
  /** A selector in the host's shadow root: where focus goes once the question is answered. */
  focusAfter: string;
}

/** The consent question, once loaded. */
export interface MicConsentView {
  allow(): Promise<boolean>;
  cancel(): void;
  reset(): void;
  render(): unknown;
}

export interface MicConsentControllerOptions extends MicConsentOptions {
  /**
   * Loads the question's code (`mic-consent.ts`): the host element loads its view, so this
   * controller never imports an element.
   */
  load: () => Promise<{
    MicConsent: new (host: MicConsentHost, options: MicConsentOptions) => MicConsentView;
  }>;
}

/**
 * Consent before the microphone, for a root element with a `consent-text`: `allow()` resolves
 * true at once without a text (the browser's own permission prompt is then the only consent), and
 * otherwise loads the question and its memory the first time and asks (or recalls) the visitor.
 */
export class MicConsentController implements ReactiveController {
  #host: MicConsentHost;
  #options: MicConsentControllerOptions;
  #consent: MicConsentView | undefined;

  constructor(host: MicConsentHost, options: MicConsentControllerOptions) {
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

  async #load(): Promise<MicConsentView> {
    const { MicConsent } = await this.#options.load();
    return (this.#consent ??= new MicConsent(this.#host, this.#options));
  }
}
