import { ContextProvider } from '@lit/context';
import { LitElement, type PropertyValues, html } from 'lit';
import { property } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { createAnnouncer } from '../../stores/announcer.ts';
import { $reducedMotion } from '../../stores/preferences.ts';
import { announcerContext } from '../../stores/reading-context.ts';
import { LauncherController } from '../../voice/voice-launcher/launcher-controller.ts';
import { MicConsentController } from '../../voice/voice-mic-consent/mic-consent-controller.ts';
import type { MicConsentDetail } from '../../voice/voice-mic-consent/mic-consent.ts';
import type { VoiceLauncherPlacement } from '../../voice/voice-launcher/voice-launcher.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import '../../voice/voice-announcer/voice-announcer.ts';
import type { ReadingMode } from '../host/reading-sessions.ts';
import { ReadingHostLoader } from './reading-host-loader.ts';
import { ReaderEngineQuery } from '../host/reader-engine.ts';
import { missingVoiceApis } from '../session/voice-support.ts';
import { modeChoices } from './mode-choices.ts';
import { type ViewHandlers, textView, voiceView } from './reading-views.ts';
import type { TarotReadingEventMap } from '../host/reading-events.ts';
import { styles } from './tarot-reading.styles.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import { tarotLocale } from '../i18n/strings.ts';
import { tarotRootEn } from '../i18n/root-en.ts';
import type { ReadingStrings } from '../i18n/session-en.ts';

export type TarotReadingMode = ReadingMode;

export interface TarotReadingModeDetail {
  mode: TarotReadingMode;
}

export type {
  TarotReadingCardDrawnDetail,
  TarotReadingCardShownDetail,
  TarotReadingCompleteDetail,
  TarotReadingErrorDetail,
  TarotReadingEventMap,
  TarotReadingPhaseDetail,
  TarotReadingSessionEndDetail,
  TarotReadingSessionStartDetail,
} from '../host/reading-events.ts';

/**
 * @summary A whole tarot reading in one element: the choice between "Text Chat" and "Voice
 * Reading", then the reading itself, with its session started, fed and ended for you.
 *
 * Each element is a reading of its own (its own stores, announcer and live regions: polite for
 * phases and tool states, assertive for errors), so any number share a page and each is heard on
 * any page. Only reduced motion and the saved sound mute are page-wide.
 *
 * The host page drives it (`start()`, `end()`, `send(text)`) and hears the events below, in a
 * whole reading in this order: session start, phase (Intent Assessment), phase (Spread
 * Generation), card drawn per position, phase (Reading), card shown per card, reading complete,
 * phase (Followup), session end.
 *
 * Choosing a mode fires `tarot-reading-mode` (cancel it to handle the switch yourself). A mode's
 * session starts when it becomes active and ends when another takes over, the element is removed
 * or the page is hidden; its code loads on first choice, the Realtime SDK when a session starts.
 * Switch to text carries a voice reading over (question, spread, cards, transcript). Voice is
 * offered only with WebRTC and the microphone API. Tokens come from `POST
 * {api-base}/api/voice/token`; an edge on another origin must list this site in `ALLOWED_ORIGINS`.
 *
 * `variant="launcher"` puts the reading behind a corner button (`placement`) that opens a panel
 * (full-screen up to 640px wide); closing keeps the reading, End ends it, and the badge counts
 * what came while closed. With `consent-text`, a voice reading asks before the microphone opens
 * (declining switches to text) and remembers the answer.
 *
 * @slot heading - A heading for the voice reading's top bar.
 * @fires {CustomEvent<TarotReadingModeDetail>} tarot-reading-mode - The person chose a mode
 * (`choose` when they left a reading). Cancelable: cancelled, the element stays as it is.
 * @fires {CustomEvent<TarotReadingSessionStartDetail>} tarot-reading-session-start - A session
 * connected: `{ sessionId, mode, engine }`.
 * @fires {CustomEvent<TarotReadingSessionEndDetail>} tarot-reading-session-end - A connected
 * session ended: `{ sessionId, mode, reason }`, reason `ended` or `lost`.
 * @fires {CustomEvent<TarotReadingPhaseDetail>} tarot-reading-phase - The reading entered a phase:
 * `{ sessionId, agent, label }`.
 * @fires {CustomEvent<TarotReadingCardDrawnDetail>} tarot-reading-card-drawn - The person drew a
 * card: `{ sessionId, cardId, cardName, reversed, positionLabel }`.
 * @fires {CustomEvent<TarotReadingCardShownDetail>} tarot-reading-card-shown - A card was shown
 * before its interpretation: `{ sessionId, cardId, cardName, reversed }`.
 * @fires {CustomEvent<TarotReadingCompleteDetail>} tarot-reading-complete - The reader delivered
 * the reading (follow-ups may come after): `{ sessionId, cards }`.
 * @fires {CustomEvent<TarotReadingErrorDetail>} tarot-reading-error - Something failed that the
 * reading shows: `{ sessionId, code, message }`.
 * @fires {CustomEvent<VoiceLangFallbackDetail>} voice-lang-fallback - `lang` unsupported: English.
 * @fires {CustomEvent<MicConsentDetail>} tarot-reading-mic-consent - `{ choice }`, `accepted` or
 * `declined`, when the visitor answers the consent question.
 * @csspart consent - The consent question (`<voice-mic-consent>`).
 * @csspart launcher - The launcher (`<voice-launcher>`), with `variant="launcher"`; its parts are
 * `launcher-button`, `launcher-badge`, `launcher-panel`, `launcher-header`, `launcher-title`,
 * `launcher-end` and `launcher-close`.
 * @csspart lang-notice - The note that the `lang` asked for is not supported.
 * @csspart modes - The list of modes to choose from.
 * @csspart mode - Each mode to choose.
 * @csspart view - The text or voice reading.
 * @csspart announcer - The element's live regions (visually hidden).
 * @csspart log - Text reading: the conversation (passed through from `<tarot-reading-text>`).
 * @csspart message - Text reading: each message.
 * @csspart composer - Text reading: the message box and its Send button.
 * @csspart spread - Text reading: the spread summary beside the conversation.
 * @csspart draw - Either reading: the region holding the card picker.
 * @csspart bar - Voice reading: the top bar (passed through from `<tarot-reading-voice>`).
 * @csspart center - Voice reading: the centre (talk button, picker or stage).
 * @csspart status - Voice reading: the line under the centre.
 * @csspart problem - Voice reading: the error panel.
 * @csspart choice - Voice reading: the choice shown where the person cannot speak (Continue,
 * Draw again, Switch to text).
 * @attr {'light' | 'dark'} theme - The colour scheme; unset, it follows `prefers-color-scheme` (or
 * the page's `--va-color-scheme`). Inner elements follow it.
 * @cssprop --tarot-reading-surface - Background of the mode choices. Defaults to --va-color-surface.
 * @cssprop --tarot-reading-accent - Accent colour of the mode choices. Defaults to --va-color-accent.
 */
@customElement('tarot-reading')
export class TarotReading extends LitElement {
  static override styles = styles;

  /** `choose` (the mode selection), `text` or `voice`. Anything else reads as `choose`. */
  @property({ reflect: true }) mode: TarotReadingMode = 'choose';

  /**
   * The accessible name of the reading's region. Empty: "Text chat reading" or "Voice reading".
   * Give each reading a name of its own where a page holds several.
   */
  @property() label = '';

  /**
   * Any of the reading's strings, over its language's: the shell's (mode choice, names), its views'
   * and the elements inside them, and its session's errors, notes and announcements.
   */
  @property({ attribute: false }) strings: Partial<ReadingStrings> | undefined;

  /** The edge's origin, e.g. `https://edge.example`. Empty: this page's own origin. */
  @property({ attribute: 'api-base' }) apiBase = '';

  /**
   * A Cloudflare Turnstile token for the edge's token route (set as a property, never an
   * attribute): where the edge requires Turnstile, the host page runs the widget and hands its
   * token over here, and the reading sends it as the `X-Turnstile-Token` header when it asks for
   * a reading token. Render the widget with `action: 'reading'` (the edge takes no other), and set
   * a fresh token before each start (a token is single-use).
   */
  @property({ attribute: false }) turnstileToken = '';

  /** Passed to every card: the deployer's image address with `{id}`. Empty: the built-in art. */
  @property({ attribute: 'image-base' }) imageBase = '';

  /**
   * Addresses for each mode. Where one is set, the way to that mode is a link to it (it opens in a
   * new tab); a plain click still switches in place. Empty: a button.
   */
  @property({ attribute: 'text-href' }) textHref = '';
  @property({ attribute: 'voice-href' }) voiceHref = '';
  @property({ attribute: 'choose-href' }) chooseHref = '';

  /** `launcher`: a button in a corner that opens the reading in a panel. Empty: in place. */
  @property({ reflect: true }) variant = '';

  /** The launcher's corner: `bottom-right` (default), `bottom-left`, `top-right`, `top-left`. */
  @property() placement: VoiceLauncherPlacement = 'bottom-right';

  /** The site's consent text, asked before the microphone first opens. Empty: no question. */
  @property({ attribute: 'consent-text' }) consentText = '';

  /** A link to the site's fuller terms, shown with the consent text. */
  @property({ attribute: 'consent-href' }) consentHref = '';

  /** This element's announcer; its readings' stores and sessions come with its host (below). */
  #announcer = createAnnouncer();
  #announcerProvider = new ContextProvider(this, {
    context: announcerContext,
    initialValue: this.#announcer,
  });
  /** The stores, sessions and events of its readings, loaded when it first shows one. */
  #reading = new ReadingHostLoader(this, {
    mode: () => this.#mode(),
    lang: () => this.#locale.lang,
    strings: () => this.#locale.t,
    apiBase: () => this.apiBase,
    turnstileToken: () => this.turnstileToken,
    announcer: this.#announcer,
    loadFailed: () => this.#locale.t.loadFailed,
    micAllowed: () => this.#consent.allow(),
    onMicDeclined: () => this.#switch('text'),
    loadView: (mode) =>
      mode === 'text'
        ? import('../tarot-reading-text/tarot-reading-text.ts')
        : Promise.all([
            import('../tarot-reading-voice/tarot-reading-voice.ts'),
            import('../../voice/voice-start-audio/voice-start-audio.ts'),
          ]),
  });
  #reader = new ReaderEngineQuery(this, {
    apiBase: () => this.apiBase,
    asking: () => this.#mode() === 'choose',
  });
  #consent = new MicConsentController(this, {
    event: 'tarot-reading-mic-consent',
    announce: (message) => this.#announcer.announce(message),
    focusAfter: '.view',
    load: () => import('../../voice/voice-mic-consent/mic-consent.ts'),
  });
  #launcher = new LauncherController(this, {
    label: () => this.#locale.t.tarotReading,
    notifyOn: ['tarot-reading-phase', 'tarot-reading-card-shown', 'tarot-reading-error'],
    // a reading's view is open: End ends its session, as "End reading" does
    active: () => this.#mode() !== 'choose',
    load: () => import('../../voice/voice-launcher/launcher-panel.ts'),
  });
  #reduced = new StoreController(this, $reducedMotion);
  #locale = tarotLocale(this, tarotRootEn);
  #voiceSupported = missingVoiceApis().length === 0;
  #focusView = false;

  #mode(): TarotReadingMode {
    return this.mode === 'text' || this.mode === 'voice' ? this.mode : 'choose';
  }

  /**
   * Starts a reading from the host page: in the mode selection a text reading, else a new session
   * in the current mode (unless one is open or opening). Resolves with whether it connected.
   */
  async start(): Promise<boolean> {
    if (this.#mode() === 'choose') {
      this.mode = 'text';
      await this.updateComplete;
    }
    const host = await this.#reading.load();
    return host ? host.sessions.start() : false;
  }

  /** Forgets the visitor's consent answers on this site: the next voice reading asks again. */
  resetMicConsent(): Promise<void> {
    return this.#consent.reset();
  }

  /** Ends the running session from the host page, as "End reading" does. */
  end(): void {
    this.#reading.host?.sessions.end();
  }

  /**
   * Sends `text` into the running session as the person's message (a typed message, in a voice
   * reading too). Returns false when no session is open or the text is empty.
   */
  send(text: string): boolean {
    return this.#reading.host?.sessions.sendMessage(text) ?? false;
  }

  protected override willUpdate(): void {
    this.toggleAttribute('data-reduced-motion', this.#reduced.value);
    this.#announcerProvider.setValue(this.#announcer);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.#focusView) return;
    this.#focusView = false;
    this.renderRoot.querySelector<HTMLElement>('.view, .mode')?.focus();
  }

  override render() {
    return html`<voice-announcer part="announcer"></voice-announcer>${this.#launcher.wrap(
        html`${langNotice(this.#locale.fallbackNote)}${this.#renderMode()}`,
      )}`;
  }

  #renderMode() {
    const mode = this.#mode();
    const host = this.#reading.host;
    if (mode !== 'choose' && (this.#reading.failed || host?.sessions.loadFailed)) {
      return this.#view(mode, html`<p class="error" role="alert">${this.#locale.t.loadFailed}</p>`);
    }
    if (mode === 'text')
      return this.#view(mode, textView(this.imageBase, this.chooseHref, this.#on));
    if (mode === 'voice') {
      const voice = voiceView(this.imageBase, host?.sessions.notice ?? '', this.#on);
      return this.#view(mode, html`${this.#consent.render()}${voice}`);
    }
    return modeChoices({
      voiceSupported: this.#voiceSupported,
      offlineReader: this.#reader.engine === 'local',
      // The recognizer hears English: a reading in another language still follows the script.
      offlineHears: this.#reader.hears && this.#locale.lang === 'en',
      textHref: this.textHref,
      voiceHref: this.voiceHref,
      choose: (choice) => this.#switch(choice),
      locale: this.#locale,
    });
  }

  /** A reading's region, named for assistive technology. */
  #view(mode: 'text' | 'voice', content: unknown) {
    return html`<section
      class="view"
      part="view"
      tabindex="-1"
      aria-label=${this.label || (mode === 'text' ? this.#locale.t.textView : this.#locale.t.voiceView)}
    >
      ${content}
    </section>`;
  }

  /** Switches to `mode` unless the host cancels `tarot-reading-mode`. */
  #switch(mode: TarotReadingMode): void {
    if (mode === this.#mode()) return;
    const proceed = this.dispatchEvent(
      new CustomEvent<TarotReadingModeDetail>('tarot-reading-mode', {
        detail: { mode },
        bubbles: true,
        composed: true,
        cancelable: true,
      }),
    );
    if (!proceed) return;
    this.#consent.cancel();
    this.#focusView = true;
    this.mode = mode;
  }

  /** What the views ask of the reading, each to its session (see reading-views.ts). */
  #on: ViewHandlers = {
    send: (event) => this.#reading.host?.sessions.sendMessage(event.detail.text),
    end: () => this.#reading.host?.sessions.end(),
    restart: () => this.#reading.host?.sessions.restart(),
    pick: (event) => this.#reading.host?.sessions.pick(event.detail),
    pickCancel: () => this.#reading.host?.sessions.cancelPick(),
    choose: (event) => this.#reading.host?.sessions.choose(event.detail.choice),
    shown: (event) => this.#reading.host?.sessions.cardShown(event.detail.cardId),
    talkStart: () => this.#reading.host?.sessions.talkStart(),
    talkEnd: (event) => this.#reading.host?.sessions.talkEnd(event.detail.released),
    retry: () => this.#reading.host?.sessions.retry(),
    leave: () => this.#switch('choose'),
    switchText: () => {
      this.#reading.host?.sessions.handToText();
      this.#switch('text');
    },
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'tarot-reading': TarotReading;
  }
  interface GlobalEventHandlersEventMap extends TarotReadingEventMap {
    'tarot-reading-mode': CustomEvent<TarotReadingModeDetail>;
    'tarot-reading-mic-consent': CustomEvent<MicConsentDetail>;
  }
}
