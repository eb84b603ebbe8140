/**
 * How an assistant's state reaches the elements inside it: `<bmo-assistant>` provides its own
 * stores under `bmoContext` (the Lit team's context protocol, `@lit/context`), and `<bmo-face>` and
 * `<bmo-cassette-slot>` inside it consume them. An element outside any assistant gets no context
 * and works on its own state, or on an assistant it is linked to with `for` (assistant-link.ts).
 */
import { createContext } from '@lit/context';
import type { BmoStores } from './bmo.ts';
import type { CassetteStore } from './cassette.ts';

/** One assistant's stores: its conversation and its cassette. */
export interface BmoContextValue {
  readonly bmo: BmoStores;
  readonly cassette: CassetteStore;
}

export const bmoContext = createContext<BmoContextValue>(Symbol('bmo-assistant-stores'));
