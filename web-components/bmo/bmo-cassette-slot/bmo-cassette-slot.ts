import { LitElement, adoptStyles, html, nothing, svg } from 'lit';
import { property, state } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { createCassetteStore } from '../../stores/cassette.ts';
import { $reducedMotion, $soundMuted, setSoundMuted } from '../../stores/preferences.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import { AssistantLinkController, type BmoStoresSource } from '../host/assistant-link.ts';
import type { CassettePhase, CassetteSwapController, ShownCassette } from './cassette-animation.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import { bmoLocale } from '../i18n/strings.ts';
import type { BmoStrings } from '../i18n/conversation-en.ts';
import { styles } from './bmo-cassette-slot.styles.ts';

/** A cassette given by property: the payload's title and content. */
export interface CassetteInput {
  title: string;
  content: string;
}

export interface BmoCassetteEventDetail {
  title: string;
}

const propertyKeys = new WeakMap<CassetteInput, string>();
let nextKey = 0;
function keyOf(input: CassetteInput): string {
  let key = propertyKeys.get(input);
  if (!key) {
    nextKey += 1;
    key = `property-${nextKey}`;
    propertyKeys.set(input, key);
  }
  return key;
}

function pick(input: CassetteInput): CassetteInput {
  return { title: input.title, content: input.content };
}

/**
 * @summary BMO's cassette slot: shows the cassette BMO pushed, labelled with its title, and opens
 * its content in a dialog with a Copy button.
 *
 * Inside a `<bmo-assistant>` it shows that assistant's cassette. Elsewhere on a page it can follow
 * an assistant the way `<label for>` names its control: `for` is the id of a `<bmo-assistant>` in
 * the same tree root (the document, or the shadow root the slot sits in), or set the `assistant`
 * property to the element. Alone, it works on its own state: set `.cassette = { title, content }`
 * (the property wins over any assistant while it is not `undefined`; `null` shows an empty slot).
 * A new cassette ejects the old one, swaps, and inserts the new one, with animation and sound;
 * reduced motion swaps instantly. Reduced motion and the sound mute are page-wide preferences
 * (saved once for every slot); everything else belongs to the one slot.
 *
 * ```html
 * <bmo-assistant id="helper"></bmo-assistant>
 * <aside>
 *   <h2>Your cassette</h2>
 *   <bmo-cassette-slot for="helper"></bmo-cassette-slot>
 * </aside>
 * ```
 *
 * @fires bmo-cassette-eject - `{ title }` when a cassette starts to leave the slot.
 * @fires bmo-cassette-insert - `{ title }` when a cassette starts to go in (after the swap).
 * @fires bmo-cassette-open - `{ title }` when the visitor opens the cassette's dialog.
 *
 * @csspart bay - The slot's opening the cassette sits in.
 * @csspart cassette - The cassette (a button).
 * @csspart shell - The cassette's plastic shell.
 * @csspart label - The paper label with the title.
 * @csspart empty - What the empty slot says.
 * @csspart mute - The sound on/off toggle.
 * @csspart dialog - The dialog with the content.
 * @csspart content - The content text in the dialog.
 * @csspart lang-notice - The note that its language tag is not supported.
 *
 * @cssprop --bmo-cassette-width - The cassette's width (default 16rem, shrinking to fit).
 * @cssprop --bmo-cassette-shell - The shell colour (default a dark plum).
 * @cssprop --bmo-cassette-label - The label colour (default --va-color-accent).
 * @cssprop --bmo-cassette-bay - The bay colour (default --va-color-surface).
 */
@customElement('bmo-cassette-slot')
export class BmoCassetteSlot extends LitElement {
  static override styles = styles;

  /** A cassette to show instead of the store's; `null` shows an empty slot. */
  @property({ attribute: false }) cassette: CassetteInput | null | undefined = undefined;

  /** The id of the `<bmo-assistant>` whose cassette to show, looked up in this element's tree root. */
  @property({ attribute: 'for' }) htmlFor = '';

  /** The assistant whose cassette to show, set by property; wins over `for`. */
  @property({ attribute: false }) assistant: BmoStoresSource | null | undefined = undefined;

  /** Read-only: where the cassette is (`empty`, `inserting`, `idle`, `ejecting`). */
  @property({ reflect: true }) phase: CassettePhase = 'empty';

  /** The host's own words for any of the slot's (keys of the BMO family's strings). */
  @property({ attribute: false }) strings: Partial<BmoStrings> | undefined;

  @state() private announcement = '';
  #locale = bmoLocale(this);
  @state() private copyStatus = '';
  @state() private opened: ShownCassette | null = null;

  get #cassetteButton() {
    return this.renderRoot.querySelector<HTMLButtonElement>('.cassette');
  }
  get #dialog() {
    return this.renderRoot.querySelector('dialog');
  }

  /** Alone, the slot's own (empty) cassette store. */
  #own = createCassetteStore();
  #link = new AssistantLinkController(this);
  #store = new StoreController(this, () => (this.#link.source?.cassette ?? this.#own).$cassette);
  #muted = new StoreController(this, $soundMuted);
  #reducedMotion = new StoreController(this, $reducedMotion);
  /**
   * The cassette's view, its motion and its dialog's Copy (cassette-view.ts), loaded with the
   * first cassette to show: an empty slot loads none of it.
   */
  #view: typeof import('./cassette-view.ts') | undefined;
  #viewLoad: Promise<void> | undefined;
  #swap: CassetteSwapController | undefined;

  #loadView(): void {
    this.#viewLoad ??= import('./cassette-view.ts').then(
      (view) => {
        this.#view = view;
        const own = (this.constructor as typeof LitElement).elementStyles;
        adoptStyles(this.renderRoot as ShadowRoot, [...own, view.cassetteStyles]);
        this.#swap = new view.CassetteSwapController(this, {
          target: () => this.#cassetteButton,
          reducedMotion: () => this.#reducedMotion.value,
          onStep: (step, cassette) => this.#onStep(step, cassette),
        });
        this.requestUpdate();
      },
      () => {
        this.#viewLoad = undefined; // tried again with the next cassette or change
      },
    );
  }

  protected override willUpdate(): void {
    this.#link.refresh();
    this.#store.hostUpdate(); // the store of the assistant just linked, before Lit's own call
    const fromProperty = this.cassette;
    const fromStore = this.#store.value;
    let wanted: ShownCassette | null = null;
    if (fromProperty !== undefined) {
      wanted = fromProperty && { key: keyOf(fromProperty), ...pick(fromProperty) };
    } else if (fromStore) {
      wanted = { key: fromStore.id, ...pick(fromStore) };
    }
    if (this.#swap) {
      this.#swap.show(wanted);
      this.phase = this.#swap.phase;
    } else if (wanted) {
      this.#loadView();
    }
  }

  #onStep(step: 'eject' | 'insert', cassette: ShownCassette): void {
    const detail: BmoCassetteEventDetail = { title: cassette.title };
    this.dispatchEvent(
      new CustomEvent(`bmo-cassette-${step}`, { detail, bubbles: true, composed: true }),
    );
    if (step === 'insert') {
      // Clear first so the same title twice is still announced.
      this.announcement = '';
      requestAnimationFrame(
        () => (this.announcement = this.#locale.t.cassetteReceived(cassette.title)),
      );
    }
  }

  #open(): void {
    const shown = this.#swap?.shown;
    const dialog = this.#dialog;
    if (!shown || !dialog) return;
    this.opened = shown;
    this.copyStatus = '';
    dialog.showModal();
    this.dispatchEvent(
      new CustomEvent('bmo-cassette-open', {
        detail: { title: shown.title },
        bubbles: true,
        composed: true,
      }),
    );
  }

  #close(): void {
    this.#dialog?.close();
  }

  #onDialogClose(): void {
    // Focus goes back to the cassette as the dialog closes, by the browser (HTML's dialog closing
    // steps restore it to the opener). Not here as well: the close event comes a task later, and a
    // visitor who had gone on to the chat box and pressed Enter had it land on the cassette,
    // opening it again instead of sending (the full e2e run caught it with the machine busy).
    this.opened = null;
  }

  async #copy(): Promise<void> {
    const view = this.#view;
    if (!this.opened || !view) return;
    this.copyStatus = '';
    const outcome = await view.copyText(
      this.opened.content,
      this.renderRoot.querySelector<HTMLElement>('.content'),
    );
    this.copyStatus = view.copyMessage(outcome, this.#locale.t);
  }

  #toggleMute(): void {
    setSoundMuted(!this.#muted.value);
  }

  protected override render() {
    const shown = this.#swap?.shown;
    const view = this.#view;
    const muted = this.#muted.value;
    const t = this.#locale.t;
    return html`
      ${langNotice(this.#locale.fallbackNote)}
      <div class=${this.#reducedMotion.value ? 'bay reduced' : 'bay'} part="bay">
        ${
          shown && view
            ? view.cassetteButton(shown, t.cassetteOpen(shown.title), () => this.#open())
            : html`<p class="empty" part="empty">${t.cassetteEmpty}</p>`
        }
      </div>
      <button
        class="mute"
        part="mute"
        type="button"
        aria-pressed=${String(muted)}
        title=${muted ? t.cassetteSoundsOff : t.cassetteSoundsOn}
        @click=${this.#toggleMute}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 9h4l5-4v14l-5-4H4z" />
          ${
            muted
              ? svg`<path class="stroke" d="M16 9l5 6M21 9l-5 6" />`
              : svg`<path class="stroke" d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" />`
          }
        </svg>
        <span>${t.cassetteMute}</span>
      </button>
      <p class="visually-hidden" role="status" aria-live="polite">${this.announcement}</p>
      ${
        view
          ? view.cassetteDialog(this.opened, this.copyStatus, t, {
              closed: () => this.#onDialogClose(),
              copy: () => this.#copy(),
              close: () => this.#close(),
            })
          : nothing
      }
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bmo-cassette-slot': BmoCassetteSlot;
  }
  interface GlobalEventHandlersEventMap {
    'bmo-cassette-insert': CustomEvent<BmoCassetteEventDetail>;
    'bmo-cassette-eject': CustomEvent<BmoCassetteEventDetail>;
    'bmo-cassette-open': CustomEvent<BmoCassetteEventDetail>;
  }
}
