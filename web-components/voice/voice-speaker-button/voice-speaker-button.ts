import { LitElement, type PropertyValues, html } from 'lit';
import { property, state } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { $reducedMotion } from '../../stores/preferences.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import { styles } from './voice-speaker-button.styles.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import { voiceLocale } from '../i18n/strings.ts';
import type { VoiceStrings } from '../i18n/en.ts';

export type VoiceTalkSource = 'pointer' | 'keyboard';

export interface VoiceTalkStartDetail {
  source: VoiceTalkSource;
}

export interface VoiceTalkEndDetail {
  source: VoiceTalkSource;
  /** False when the hold was broken off (focus left, the pointer was cancelled, the button was disabled). */
  released: boolean;
}

const TALK_KEYS = new Set([' ', 'Enter']);

/**
 * @summary The large round push-to-talk button: hold it (pointer, touch, or Space or Enter) while
 * you speak, let go to send.
 *
 * Shows `label` ("Hold to Speak") when idle and `active-label` ("Listening…") while held, by
 * default in its `lang` (English or Spanish; any word replaced through `strings`);
 * `aria-pressed` says whether it is held. A held pointer is captured, so sliding off the button
 * does not end the turn; lifting, a cancelled pointer, a lost capture, or focus leaving the button
 * does. Keyboard auto-repeat is ignored. `speaking` shows a soft ring while the agent talks
 * (a still ring with reduced motion). The element only raises events: the page opens the
 * microphone.
 *
 * @fires {CustomEvent<VoiceTalkStartDetail>} voice-talk-start - The button went down.
 * @fires {CustomEvent<VoiceTalkEndDetail>} voice-talk-end - The button came up (or the hold was broken off).
 * @csspart button - The round button.
 * @csspart label - Its text.
 * @csspart hint - How to use it, below the button.
 * @csspart lang-notice - The note that its language tag is not supported.
 * @cssprop --voice-speaker-button-size - Diameter. Default clamp(8rem, 32vw, 11rem).
 * @cssprop --voice-speaker-button-color - Face colour. Defaults to --va-color-accent.
 * @cssprop --voice-speaker-button-text - Text colour on the face. Defaults to --va-color-accent-contrast.
 * @cssprop --voice-speaker-button-ring - Colour of the listening and speaking rings. Defaults to --va-color-focus.
 */
@customElement('voice-speaker-button')
export class VoiceSpeakerButton extends LitElement {
  static override styles = styles;
  /** Focusing the element focuses its button. */
  static override shadowRootOptions: ShadowRootInit = {
    ...LitElement.shadowRootOptions,
    delegatesFocus: true,
  };

  /** No holding: the button cannot be pressed or focused. Ends a hold in progress. */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** The agent is speaking (a press interrupts it). */
  @property({ type: Boolean, reflect: true }) speaking = false;

  /** The text when idle (default: "Hold to Speak" in its language). */
  @property() label: string | undefined;

  /** The text while held (default: "Listening…" in its language). */
  @property({ attribute: 'active-label' }) activeLabel: string | undefined;

  /** How to use the button, shown below it and given as its description. */
  @property() hint: string | undefined;

  /** Any of the element's words, over its language's strings. */
  @property({ attribute: false }) strings: Partial<VoiceStrings> | undefined;

  #locale = voiceLocale(this);

  @state() private held: VoiceTalkSource | null = null;

  #reduced = new StoreController(this, $reducedMotion);
  #pointerId: number | null = null;
  #key: string | null = null;

  /** Whether the button is held now. */
  get holding(): boolean {
    return this.held !== null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('disabled') && this.disabled) this.#end(false);
    this.toggleAttribute('holding', this.held !== null);
    this.toggleAttribute('data-reduced-motion', this.#reduced.value);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#end(false);
  }

  override render() {
    const holding = this.held !== null;
    const t = this.#locale.t;
    return html`${langNotice(this.#locale.fallbackNote)}<button
        part="button"
        type="button"
        aria-pressed=${holding ? 'true' : 'false'}
        aria-describedby="hint"
        ?disabled=${this.disabled}
        @pointerdown=${this.#onPointerDown}
        @pointerup=${this.#onPointerUp}
        @pointercancel=${this.#onPointerCancel}
        @lostpointercapture=${this.#onPointerCancel}
        @pointerleave=${this.#onPointerLeave}
        @contextmenu=${this.#onContextMenu}
        @keydown=${this.#onKeyDown}
        @keyup=${this.#onKeyUp}
        @blur=${this.#onBlur}
      >
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <rect x="9" y="3" width="6" height="11" rx="3"></rect>
          <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7"></path>
        </svg>
        <span class="label" part="label"
          >${holding ? (this.activeLabel ?? t.listening) : (this.label ?? t.holdToSpeak)}</span
        >
      </button>
      <p id="hint" class="hint" part="hint">${this.hint ?? t.talkHint}</p>`;
  }

  #start(source: VoiceTalkSource): void {
    if (this.disabled || this.held !== null) return;
    this.held = source;
    this.dispatchEvent(
      new CustomEvent<VoiceTalkStartDetail>('voice-talk-start', {
        detail: { source },
        bubbles: true,
        composed: true,
      }),
    );
  }

  #end(released: boolean): void {
    const source = this.held;
    if (source === null) return;
    this.held = null;
    this.#pointerId = null;
    this.#key = null;
    this.dispatchEvent(
      new CustomEvent<VoiceTalkEndDetail>('voice-talk-end', {
        detail: { source, released },
        bubbles: true,
        composed: true,
      }),
    );
  }

  #onPointerDown = (event: PointerEvent): void => {
    if (this.disabled || this.held !== null) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const button = event.currentTarget;
    if (button instanceof HTMLElement) {
      try {
        button.setPointerCapture(event.pointerId);
      } catch {
        // A pointer that is already gone cannot be captured; pointerup still ends the hold.
      }
    }
    this.#pointerId = event.pointerId;
    this.#start('pointer');
  };

  #onPointerUp = (event: PointerEvent): void => {
    if (this.held === 'pointer' && event.pointerId === this.#pointerId) this.#end(true);
  };

  #onPointerCancel = (event: PointerEvent): void => {
    if (this.held === 'pointer' && event.pointerId === this.#pointerId) this.#end(false);
  };

  #onPointerLeave = (event: PointerEvent): void => {
    // While captured the pointer never "leaves"; without capture, leaving ends the turn.
    const button = event.currentTarget;
    const captured = button instanceof Element && button.hasPointerCapture(event.pointerId);
    if (this.held === 'pointer' && event.pointerId === this.#pointerId && !captured) {
      this.#end(true);
    }
  };

  #onContextMenu = (event: Event): void => {
    // A long press on a touch screen would open the context menu and cancel the hold.
    event.preventDefault();
  };

  #onKeyDown = (event: KeyboardEvent): void => {
    if (!TALK_KEYS.has(event.key)) return;
    event.preventDefault(); // no click, no page scroll
    if (event.repeat || this.held !== null) return;
    this.#key = event.key;
    this.#start('keyboard');
  };

  #onKeyUp = (event: KeyboardEvent): void => {
    if (!TALK_KEYS.has(event.key)) return;
    event.preventDefault();
    if (this.held === 'keyboard' && event.key === this.#key) this.#end(true);
  };

  #onBlur = (): void => {
    // The key-up would go elsewhere: end the turn now.
    if (this.held === 'keyboard') this.#end(true);
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-speaker-button': VoiceSpeakerButton;
  }
  interface GlobalEventHandlersEventMap {
    'voice-talk-start': CustomEvent<VoiceTalkStartDetail>;
    'voice-talk-end': CustomEvent<VoiceTalkEndDetail>;
  }
}
