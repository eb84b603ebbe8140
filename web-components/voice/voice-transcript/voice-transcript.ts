import { LitElement, type PropertyValues, adoptStyles, html } from 'lit';
import { property } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { $reducedMotion } from '../../stores/preferences.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import { styles } from './voice-transcript.styles.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import { voiceLocale } from '../i18n/strings.ts';
import type { VoiceStrings } from '../i18n/en.ts';
import type { VoiceTranscriptEntry } from './transcript-entries.ts';

export type { VoiceTranscriptEntry } from './transcript-entries.ts';

export interface VoiceTranscriptToggleDetail {
  open: boolean;
}

/**
 * @summary An optional written transcript of a voice conversation, behind a toggle button.
 *
 * The button (`aria-expanded`, `aria-controls`) shows and hides the log. While open, the log keeps
 * the latest line in view unless the person has scrolled up to reread; it scrolls smoothly, or
 * jumps with reduced motion. The log is not a live region: the conversation is already heard, and
 * reading it aloud too would talk over the voice. The lines' code loads with the first line (an
 * empty transcript needs none of it); `updateComplete` resolves once they are drawn.
 *
 * @fires {CustomEvent<VoiceTranscriptToggleDetail>} voice-transcript-toggle - The person showed or hid the transcript.
 * @csspart toggle - The show/hide button.
 * @csspart lang-notice - The note that its language tag is not supported.
 * @csspart log - The scrolling transcript.
 * @csspart entry - Each line; a spoken line also `entry-user` or `entry-assistant`, by who said it,
 *   and an event line (a card drawn or shown) its kind in `data-kind`.
 * @cssprop --voice-transcript-height - Most height the log takes before it scrolls. Default 40vh.
 * @cssprop --voice-transcript-background - Log background. Defaults to --va-color-surface.
 * @cssprop --voice-transcript-accent - Toggle and name colour. Defaults to --va-color-accent.
 */
@customElement('voice-transcript')
export class VoiceTranscript extends LitElement {
  static override styles = styles;

  /** The conversation so far, oldest first. */
  @property({ attribute: false }) entries: readonly VoiceTranscriptEntry[] = [];

  /** Whether the transcript is shown. */
  @property({ type: Boolean, reflect: true }) open = false;

  /** The toggle's text (default: "Transcript" in its language). */
  @property() label: string | undefined;

  /** How the person is named (default: "You" in its language). */
  @property({ attribute: 'user-name' }) userName: string | undefined;

  /** How the agent is named (default: "Reader" in its language). */
  @property({ attribute: 'agent-name' }) agentName: string | undefined;

  /** Any of the element's words, over its language's strings. */
  @property({ attribute: false }) strings: Partial<VoiceStrings> | undefined;

  #locale = voiceLocale(this);

  #reduced = new StoreController(this, $reducedMotion);
  /** The lines' view (transcript-entries.ts), loaded with the first line. */
  #view: typeof import('./transcript-entries.ts') | undefined;
  #viewLoad: Promise<void> | undefined;

  #loadView(): void {
    this.#viewLoad ??= import('./transcript-entries.ts').then(
      (view) => {
        this.#view = view;
        const own = (this.constructor as typeof LitElement).elementStyles;
        adoptStyles(this.renderRoot as ShadowRoot, [...own, view.entryStyles]);
        // as if the lines had just come: an open log scrolls to the latest
        this.requestUpdate('entries', []);
      },
      () => {
        this.#viewLoad = undefined; // tried again with the next change of lines
      },
    );
  }
  /** Whether the log follows new lines: true until the person scrolls up to reread. */
  #pinned = true;
  /** Scroll events before this time come from the log's own scrolling, not the person's. */
  #autoScrollUntil = 0;

  get #log(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.log');
  }

  /** Resolves once the update is done and, when there are lines, they are drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const complete = await super.getUpdateComplete();
    if (this.#view || !this.#viewLoad) return complete;
    await this.#viewLoad;
    return (await super.getUpdateComplete()) && complete;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A log just opened starts at the latest line.
    if (changed.has('open') && this.open) this.#pinned = true;
    this.toggleAttribute('data-reduced-motion', this.#reduced.value);
    if (this.entries.length > 0 && !this.#view) this.#loadView();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const log = this.#log;
    if (!log || !this.open || !this.#pinned) return;
    if (!changed.has('entries') && !changed.has('open')) return;
    const smooth = !this.#reduced.value && !changed.has('open');
    this.#autoScrollUntil = performance.now() + (smooth ? 1000 : 100);
    log.scrollTo({ top: log.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
  }

  #onScroll = (event: Event): void => {
    if (performance.now() < this.#autoScrollUntil) return;
    const log = event.currentTarget;
    if (!(log instanceof HTMLElement)) return;
    this.#pinned = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
  };

  #onScrollEnd = (): void => {
    this.#autoScrollUntil = 0;
  };

  override render() {
    const t = this.#locale.t;
    const label = this.label ?? t.transcript;
    return html`${langNotice(this.#locale.fallbackNote)}<button
        class="toggle"
        part="toggle"
        type="button"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="log"
        @click=${this.#toggle}
      >
        <svg class="chevron" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M4 6l4 4 4-4"></path>
        </svg>
        ${label}
      </button>
      <div
        id="log"
        class="log"
        part="log"
        role="log"
        aria-live="off"
        aria-label=${label}
        tabindex="0"
        ?hidden=${!this.open}
        @scroll=${this.#onScroll}
        @scrollend=${this.#onScrollEnd}
      >
        ${
          this.entries.length === 0
            ? html`<p class="empty">${t.nothingSaid}</p>`
            : this.#view?.renderEntries(this.entries, {
                user: this.userName ?? t.you,
                agent: this.agentName ?? t.reader,
              })
        }
      </div>`;
  }

  #toggle = (): void => {
    this.open = !this.open;
    this.dispatchEvent(
      new CustomEvent<VoiceTranscriptToggleDetail>('voice-transcript-toggle', {
        detail: { open: this.open },
        bubbles: true,
        composed: true,
      }),
    );
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-transcript': VoiceTranscript;
  }
  interface GlobalEventHandlersEventMap {
    'voice-transcript-toggle': CustomEvent<VoiceTranscriptToggleDetail>;
  }
}
