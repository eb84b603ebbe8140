/**
 * Models do not always chain tools or hand off on cue. When the page can tell a phase is stalled
 * (a turn ended in Spread Generation or Reading with nothing pending), it nudges the agent with a
 * short app note after `nudgeMs`, at most twice per phase; an agent active past its limit gets an
 * "Agent timeout" warning in the log (the spec's) and a nudge; a handoff whose input failed
 * validation is asked for again.
 */
import type { ConnectionStatus } from '../../../contracts/events.ts';
import type { AgentName } from '../../../contracts/reading-schema.ts';
import type { SessionLog } from '../../events/index.ts';
import type { ReadingFacts } from '../agents/context.ts';
import type { ReadingTimeouts } from './reading-options.ts';
import { APP_NOTE_PREFIX } from '../state/transcript.ts';

/** At most this many nudges per phase, so a confused model is not pushed in a loop. */
export const MAX_NUDGES_PER_PHASE = 2;

export interface NudgeHost {
  agent(): AgentName;
  status(): ConnectionStatus;
  facts(): ReadingFacts;
  /** Whether a draw is waiting for the person. */
  pickPending(): boolean;
  /** Sends an app note into the session; false when there is no session. */
  send(message: string): boolean;
  log(): SessionLog | undefined;
}

/** What the agent is told to do next, where the page can tell. */
export function nudgeText(agent: AgentName, facts: ReadingFacts): string | undefined {
  if (agent === 'SpreadGeneration') {
    if (facts.cards.length === 0) return undefined;
    return 'The person is waiting and the card picker is closed. If every position of the spread has a card, call transfer_to_Reading now with the spread and the cards drawn; otherwise describe the next position and call draw_card for it.';
  }
  if (agent === 'Reading') {
    const next = facts.cards.find((card) => !facts.shownCardIds.includes(card.cardId));
    if (next) {
      return `Continue the reading: call show_card for ${next.cardName} (cardId "${next.cardId}", reversed ${next.reversed}), then interpret it.`;
    }
    return 'Every card has been shown. Give the synthesis and advice if you have not yet, then call transfer_to_Followup.';
  }
  return undefined;
}

export class ReadingNudges {
  #host: NudgeHost;
  #timeouts: () => ReadingTimeouts;
  #nudgeTimer: ReturnType<typeof setTimeout> | undefined;
  #agentTimer: ReturnType<typeof setTimeout> | undefined;
  #nudges = 0;
  #handoffRetries = 0;
  #activeTools = 0;

  constructor(host: NudgeHost, timeouts: () => ReadingTimeouts) {
    this.#host = host;
    this.#timeouts = timeouts;
  }

  /** A tool started or ended: no nudge while one runs. */
  toolStarted(): void {
    this.#activeTools += 1;
    this.cancel();
  }
  toolEnded(): void {
    this.#activeTools = Math.max(0, this.#activeTools - 1);
  }

  /** A new phase: its own nudges and handoff retries, and its own timeout. */
  phaseChanged(agent: AgentName): void {
    this.cancel();
    this.#nudges = 0;
    this.#handoffRetries = 0;
    this.startAgentTimer(agent);
  }

  /** A turn ended: nudge later if the phase then still stands still. */
  schedule(): void {
    this.cancel();
    const agent = this.#host.agent();
    if (agent !== 'SpreadGeneration' && agent !== 'Reading') return;
    if (this.#nudges >= MAX_NUDGES_PER_PHASE) return;
    this.#nudgeTimer = setTimeout(() => {
      this.#nudgeTimer = undefined;
      if (this.#host.agent() !== agent) return;
      this.#nudge(agent);
    }, this.#timeouts().nudgeMs);
  }

  cancel(): void {
    if (this.#nudgeTimer) clearTimeout(this.#nudgeTimer);
    this.#nudgeTimer = undefined;
  }

  /** A handoff's input did not validate: ask for it again, within the per-phase limit. */
  retryHandoff(): void {
    if (this.#handoffRetries >= MAX_NUDGES_PER_PHASE) return;
    const sent = this.#host.send(
      `${APP_NOTE_PREFIX} The handoff did not go through: its input did not match the required fields. Call it again with every required field filled in.`,
    );
    if (sent) this.#handoffRetries += 1;
  }

  startAgentTimer(agent: AgentName): void {
    if (this.#agentTimer) clearTimeout(this.#agentTimer);
    this.#agentTimer = undefined;
    const limit = this.#timeouts().agentMs[agent];
    if (limit === undefined) return;
    this.#agentTimer = setTimeout(() => {
      this.#agentTimer = undefined;
      if (this.#host.agent() !== agent || this.#host.status() !== 'connected') return;
      this.#host.log()?.error({
        type: 'timeout',
        severity: 'warning',
        message: `Agent timeout: ${agent} has been active for ${Math.round(limit / 60_000)} minutes without a handoff.`,
        agent,
        connectionStatus: this.#host.status(),
      });
      this.#nudge(agent);
    }, limit);
  }

  /** Stops every timer (the session ends). */
  clear(): void {
    this.cancel();
    if (this.#agentTimer) clearTimeout(this.#agentTimer);
    this.#agentTimer = undefined;
  }

  /** Back to a fresh session. */
  reset(): void {
    this.clear();
    this.#nudges = 0;
    this.#handoffRetries = 0;
    this.#activeTools = 0;
  }

  #nudge(agent: AgentName): boolean {
    if (this.#host.status() !== 'connected') return false;
    if (this.#host.pickPending() || this.#activeTools > 0) return false;
    const note = nudgeText(agent, this.#host.facts());
    if (!note) return false;
    if (!this.#host.send(`${APP_NOTE_PREFIX} ${note}`)) return false;
    this.#nudges += 1;
    return true;
  }
}
