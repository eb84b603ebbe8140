import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { customElement } from '../../shared/define.ts';
import { FreshNode } from '../../shared/fresh-node.ts';
import { $reducedMotion } from '../../stores/preferences.ts';
import { StoreController } from '../../shared/controllers/store-controller.ts';
import { styles } from './voice-agent-indicator.styles.ts';
import { langNotice } from '../../shared/i18n/lang-notice.ts';
import { voiceLocale } from '../i18n/strings.ts';
import type { VoiceStrings } from '../i18n/en.ts';

/**
 * @summary A subtle pill naming the agent (phase) a voice session is in, e.g. "Intent Assessment",
 * with an optional step count ("2 of 4") when `steps` lists the phases in order.
 *
 * It changes the moment `label` does, with a short fade (none with reduced motion). It is not a
 * live region: the page announces phase changes through its one announcer, so screen readers do
 * not hear them twice.
 *
 * @csspart indicator - The pill.
 * @csspart dot - The coloured dot.
 * @csspart label - The agent's name.
 * @csspart step - The "2 of 4" count, its numbers written for its `lang`.
 * @csspart lang-notice - The note that its language tag is not supported.
 * @cssprop --voice-agent-indicator-color - Dot and name colour. Defaults to --va-color-accent.
 * @cssprop --voice-agent-indicator-background - Pill background. Defaults to --va-color-surface.
 */
@customElement('voice-agent-indicator')
export class VoiceAgentIndicator extends LitElement {
  static override styles = styles;

  /** The current agent's name as a person reads it; empty shows `idle-label`. */
  @property() label = '';

  /** Shown before any agent is active (default: "Not started" in its language). */
  @property({ attribute: 'idle-label' }) idleLabel: string | undefined;

  /** Any of the element's words, over its language's strings. */
  @property({ attribute: false }) strings: Partial<VoiceStrings> | undefined;

  #locale = voiceLocale(this);

  /** The phases in order, to show where `label` falls ("2 of 4"); empty shows no count. */
  @property({ attribute: false }) steps: readonly string[] = [];

  #reduced = new StoreController(this, $reducedMotion);
  /** A new label node per phase, so its entrance plays again. */
  #labelNode = new FreshNode();

  protected override willUpdate(): void {
    this.toggleAttribute('data-reduced-motion', this.#reduced.value);
    this.toggleAttribute('active', this.label !== '');
  }

  override render() {
    const index = this.label ? this.steps.indexOf(this.label) : -1;
    const locale = this.#locale;
    const t = locale.t;
    const step = t.stepOf(locale.number(index + 1), locale.number(this.steps.length));
    return html`${langNotice(locale.fallbackNote)}
      <p class="indicator" part="indicator">
        <span class="dot" part="dot" aria-hidden="true"></span>
        <span class="visually-hidden">${t.currentPhase}</span>
        ${this.#labelNode.render(
          this.label,
          html`<span class="label" part="label"
            >${this.label || (this.idleLabel ?? t.notStarted)}</span
          >`,
        )}
        ${index >= 0 ? html`<span class="step" part="step" dir="auto">${step}</span>` : nothing}
      </p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-agent-indicator': VoiceAgentIndicator;
  }
}
