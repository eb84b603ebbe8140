import { LitElement, html, svg } from 'lit';
import { property } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { atom } from 'nanostores';
import { BMO_AGENT_STATES, type BmoAgentState } from '../../stores/bmo.ts';
import { $reducedMotion } from '../../stores/preferences.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import { AssistantLinkController, type BmoStoresSource } from '../host/assistant-link.ts';
import { styles } from './bmo-face.styles.ts';
import { bmoLocale } from '../i18n/strings.ts';
import type { BmoStrings } from '../i18n/conversation-en.ts';

function isAgentState(value: unknown): value is BmoAgentState {
  return typeof value === 'string' && (BMO_AGENT_STATES as readonly string[]).includes(value);
}

/** Eyes and mouth for each state, drawn on the 200 × 240 body. */
function expression(state: BmoAgentState) {
  switch (state) {
    case 'listening':
      return svg`<g class="eyes"><ellipse cx="72" cy="70" rx="7" ry="8" /><ellipse cx="128" cy="70" rx="7" ry="8" /></g>
        <path class="mouth-line" d="M84 96 Q100 110 116 96" />`;
    case 'thinking':
      return svg`<g class="eyes look-up"><circle cx="76" cy="64" r="6" /><circle cx="132" cy="64" r="6" /></g>
        <path class="mouth-line" d="M90 102 L112 99" />
        <g class="dots"><circle cx="140" cy="42" r="3" /><circle cx="150" cy="42" r="3" /><circle cx="160" cy="42" r="3" /></g>`;
    case 'speaking':
      return svg`<g class="eyes"><ellipse cx="72" cy="68" rx="7" ry="8" /><ellipse cx="128" cy="68" rx="7" ry="8" /></g>
        <g class="mouth-talk"><ellipse cx="100" cy="100" rx="15" ry="10" class="mouth-open" />
        <ellipse cx="100" cy="105" rx="8" ry="4" class="tongue" /></g>`;
    case 'connecting':
      return svg`<g class="eyes"><rect x="64" y="68" width="16" height="4" rx="2" /><rect x="120" y="68" width="16" height="4" rx="2" /></g>
        <g class="loading"><circle cx="88" cy="100" r="4" /><circle cx="100" cy="100" r="4" /><circle cx="112" cy="100" r="4" /></g>`;
    case 'disconnected':
      return svg`<g class="eyes closed"><path d="M64 72 Q72 77 80 72" /><path d="M120 72 Q128 77 136 72" /></g>
        <path class="mouth-line" d="M92 100 L108 100" />`;
  }
}

/**
 * @summary BMO's face: the teal console whose screen shows whether BMO is listening, thinking,
 * speaking, connecting or not connected.
 *
 * Shows `state` when it is set; otherwise the state of its assistant: the `<bmo-assistant>` it sits
 * in, or the one its `for` attribute names (an id in the same document or shadow root), or the
 * one set as its `assistant` property. Alone and unset, BMO is not connected. Screen readers hear
 * the state in words ("BMO is listening"). Blinking, talking and thinking dots stop under reduced
 * motion (page-wide: the one saved preference).
 *
 * ```html
 * <bmo-assistant id="helper"></bmo-assistant>
 * <aside><bmo-face for="helper"></bmo-face></aside>
 * ```
 *
 * @csspart body - BMO's body (the SVG).
 * @csspart screen - The face screen.
 *
 * @cssprop --bmo-face-size - The face's width (default 12rem).
 * @cssprop --bmo-face-body - The body colour (default --va-color-bmo).
 * @cssprop --bmo-face-screen - The screen colour when on.
 * @cssprop --bmo-face-ink - The colour of the eyes and mouth.
 */
@customElement('bmo-face')
export class BmoFace extends LitElement {
  static override styles = styles;

  /** The state to show; unset, the face follows its assistant. */
  @property({ reflect: true }) state: BmoAgentState | undefined = undefined;

  /** The id of the `<bmo-assistant>` to follow, looked up in this element's tree root. */
  @property({ attribute: 'for' }) htmlFor = '';

  /** The assistant to follow, set by property; wins over `for`. */
  @property({ attribute: false }) assistant: BmoStoresSource | null | undefined = undefined;

  /** The host's own words (`faceLabel` names BMO's state for screen readers). */
  @property({ attribute: false }) strings: Partial<BmoStrings> | undefined;

  #locale = bmoLocale(this);

  /** Alone, BMO is not connected. */
  #own = atom<BmoAgentState>('disconnected');
  #link = new AssistantLinkController(this);
  #storeState = new StoreController(this, () => this.#link.source?.bmo.$agentState ?? this.#own);
  #reducedMotion = new StoreController(this, $reducedMotion);

  /** The state on show: `state` when it is a known state, else the store's. */
  get currentState(): BmoAgentState {
    return isAgentState(this.state) ? this.state : this.#storeState.value;
  }

  protected override render() {
    const state = this.currentState;
    const classes = `face ${state}${this.#reducedMotion.value ? ' reduced' : ''}`;
    return html`<div class=${classes} role="img" aria-label=${this.#locale.t.faceLabel(state)}>
      <svg part="body" viewBox="0 0 200 240" aria-hidden="true" focusable="false">
        <rect class="body" x="6" y="6" width="188" height="228" rx="22" />
        <rect part="screen" class="screen" x="26" y="24" width="148" height="108" rx="14" />
        ${expression(state)}
        <rect class="slot" x="34" y="146" width="96" height="8" rx="4" />
        <circle class="led" cx="160" cy="150" r="6" />
        <path class="dpad" d="M46 178h14v-14h14v14h14v14h-14v14h-14v-14h-14z" />
        <polygon class="button-triangle" points="128,168 142,192 114,192" />
        <circle class="button-round" cx="162" cy="186" r="11" />
        <circle class="button-small" cx="140" cy="214" r="7" />
      </svg>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bmo-face': BmoFace;
  }
}
