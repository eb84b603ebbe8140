/**
 * `<voice-transcript>`'s lines: how each is drawn, keyed by its id (Lit's `repeat`, so a line
 * that arrives between two others is the one that animates in), and their styles. Loaded with the
 * transcript's first line: an empty transcript, which is every transcript before a conversation
 * starts, needs none of it.
 */
import { css, html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';

/** One line of a spoken conversation. */
export interface VoiceTranscriptEntry {
  id: string;
  /** Who said it; `event` is something that happened (a card drawn, a new phase). */
  role: 'user' | 'assistant' | 'event';
  text: string;
  /** False while it is still being said. Default true. */
  done?: boolean;
  /** A free tag the page can style or find the line by (rendered as `data-kind`). */
  kind?: string;
}

/** What the lines call the person and the agent. */
export interface EntryNames {
  user: string;
  agent: string;
}

export function renderEntries(entries: readonly VoiceTranscriptEntry[], names: EntryNames) {
  return html`<ol class="entries">
    ${repeat(
      entries,
      (entry) => entry.id,
      (entry) => renderEntry(entry, names),
    )}
  </ol>`;
}

function renderEntry(entry: VoiceTranscriptEntry, names: EntryNames) {
  if (entry.role === 'event') {
    return html`<li class="entry event" part="entry" data-kind=${entry.kind ?? nothing}>
      ${entry.text}
    </li>`;
  }
  const done = entry.done !== false;
  return html`<li
    class="entry ${entry.role}"
    part="entry entry-${entry.role}"
    data-kind=${entry.kind ?? nothing}
    data-done=${done ? 'true' : 'false'}
  >
    <span class="who">${entry.role === 'user' ? names.user : names.agent}</span>
    <p class="text" dir="auto">${entry.text}</p>
  </li>`;
}

export const entryStyles = css`
  .entries {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: var(--va-space-s, 0.5rem);
  }
  .entry {
    animation: arrive var(--va-duration-m, 300ms) var(--va-ease, ease-out);
  }
  .user,
  .assistant {
    max-inline-size: 85%;
    padding: var(--va-space-s, 0.5rem) var(--va-space-m, 1rem);
    border-radius: var(--va-radius-m, 12px);
    background: var(--va-color-surface-raised, light-dark(#f0ebfa, #2a2342));
  }
  .user {
    align-self: flex-end;
    background: color-mix(
      in srgb,
      var(--_accent) 18%,
      var(--va-color-surface, light-dark(#ffffff, #1f1a30))
    );
  }
  .who {
    display: block;
    font-size: var(--va-font-size-s, 0.875rem);
    color: var(--_muted);
  }
  .text {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  [data-done='false'] .text::after {
    content: '…';
    color: var(--_muted);
  }
  .event {
    align-self: center;
    color: var(--_muted);
    font-size: var(--va-font-size-s, 0.875rem);
    text-align: center;
  }

  @keyframes arrive {
    from {
      opacity: 0;
      transform: translateY(4px);
    }
  }
  :host([data-reduced-motion]) .entry {
    animation: none;
  }
  @media (prefers-reduced-motion: reduce) {
    .entry {
      animation: none;
    }
  }

  @media (forced-colors: active) {
    .user,
    .assistant {
      border: 1px solid CanvasText;
    }
  }
`;
