/**
 * What takes the centre of the voice reading's screen, and the focus that follows it: when the
 * picker opens, a stall choice appears or the talk button returns, keyboard focus moves there if
 * it was inside the reading or had fallen to the page, so a keyboard user never loses their place.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ConnectionStatus } from '../../../contracts/events.ts';
import type { AgentName } from '../../../contracts/reading-schema.ts';

/** What takes the centre of the screen. */
export type Centre = 'problem' | 'picker' | 'choice' | 'stage' | 'spread' | 'talk' | 'ended';

/** The reading's state the centre depends on. */
export interface CentreState {
  status: ConnectionStatus;
  error: boolean;
  pickerOpen: boolean;
  choice: boolean;
  agent: AgentName | null;
}

/** An error before or after the connection, the end, the picker, a choice, the phase's view. */
export function centreOf(state: CentreState): Centre {
  if (state.error && state.status !== 'connected') return 'problem';
  if (state.status === 'disconnected') return 'ended';
  if (state.pickerOpen) return 'picker';
  if (state.choice) return 'choice';
  if (state.agent === 'Reading') return 'stage';
  if (state.agent === 'SpreadGeneration') return 'spread';
  return 'talk';
}

type FocusHost = ReactiveControllerHost & HTMLElement & { renderRoot: ParentNode };

/** Moves focus to the new centre after the update that changed it. */
export class CentreFocusController implements ReactiveController {
  #host: FocusHost;
  #centre: () => Centre;
  #last: Centre | '' = '';

  constructor(host: FocusHost, centre: () => Centre) {
    this.#host = host;
    this.#centre = centre;
    host.addController(this);
  }

  hostUpdated(): void {
    const centre = this.#centre();
    if (centre === this.#last) return;
    this.#last = centre;
    const host = this.#host;
    const active = document.activeElement;
    const focusHere = host.matches(':focus-within') || active === null || active === document.body;
    if (!focusHere) return;
    const root = host.renderRoot;
    if (centre === 'picker') root.querySelector<HTMLElement>('.draw')?.focus();
    if (centre === 'choice') root.querySelector<HTMLElement>('.choice button')?.focus();
    const talk = root.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>(
      'voice-speaker-button',
    );
    if (centre === 'talk' && talk) void talk.updateComplete.then(() => talk.focus());
  }
}
