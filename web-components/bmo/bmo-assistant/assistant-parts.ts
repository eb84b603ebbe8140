/**
 * The pieces `<bmo-assistant>` renders that need nothing from it but data and callbacks: its
 * headings at a chosen level, the connection's buttons, the microphone icon, the error box with
 * its ways out, and the conversation.
 */
import { html, nothing, svg } from 'lit';
import type {
  BmoAnnouncement,
  BmoConnection,
  BmoError,
  BmoTranscriptEntry,
} from '../../stores/bmo.ts';
import type { BmoErrorAction } from '../host/assistant-controller.ts';
import type { BmoElementStrings } from '../i18n/en.ts';

/**
 * A native heading at `level` (1 to 6; anything else is 2). One template per level, rather than
 * lit/static-html's tag interpolation, which would add its module to every page's first load.
 */
export function heading(level: number, text: string, id: string, className = '') {
  const cls = `heading ${className}`;
  switch (Math.min(6, Math.max(1, Math.round(level) || 2))) {
    case 1:
      return html`<h1 id=${id} class=${cls}>${text}</h1>`;
    case 3:
      return html`<h3 id=${id} class=${cls}>${text}</h3>`;
    case 4:
      return html`<h4 id=${id} class=${cls}>${text}</h4>`;
    case 5:
      return html`<h5 id=${id} class=${cls}>${text}</h5>`;
    case 6:
      return html`<h6 id=${id} class=${cls}>${text}</h6>`;
    default:
      return html`<h2 id=${id} class=${cls}>${text}</h2>`;
  }
}

export function micIcon(muted: boolean) {
  return html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path class="stroke" d="M6 11a6 6 0 0 0 12 0M12 17v4" />
    ${muted ? svg`<path class="stroke slash" d="M4 4l16 16" />` : nothing}
  </svg>`;
}

/** The alert region: always in the page (so it is announced reliably), filled when there is an error. */
export function errorBox(error: BmoError | null, actions: readonly BmoErrorAction[]) {
  return html`<div
    class=${error ? 'error shown' : 'error'}
    part="error"
    role="alert"
    data-code=${error?.code ?? ''}
  >
    ${
      error
        ? html`<p>${error.message}</p>
            <div class="error-actions">
              ${actions.map(
                (action) =>
                  html`<button
                    type="button"
                    class=${action.primary ? 'primary' : ''}
                    @click=${action.run}
                  >
                    ${action.label}
                  </button>`,
              )}
            </div>`
        : nothing
    }
  </div>`;
}

/** The conversation as text (never HTML): the visitor's lines on one side, BMO's on the other. */
export function transcriptLog(
  transcript: readonly BmoTranscriptEntry[],
  disconnected: boolean,
  t: BmoElementStrings,
) {
  if (transcript.length === 0) {
    return html`<p class="placeholder">
      ${disconnected ? t.placeholderDisconnected : t.placeholderConnected}
    </p>`;
  }
  return html`<ol>
    ${transcript.map(
      (line) =>
        html`<li class=${`line ${line.speaker}${line.final ? '' : ' interim'}`}>
          <span class="who">${line.speaker === 'user' ? t.you : t.bmo}</span>
          <span class="text" dir="auto">${line.text}</span>
        </li>`,
    )}
  </ol>`;
}

/**
 * An announcement's line in the live region: a new node for each announcement, so that a message
 * said twice is heard twice. Each newly rendered announcement switches between two templates, and
 * Lit replaces the node when the template changes: what `keyed()` does, without its module in the
 * first load.
 */
export function announcementLines(): (announcement: BmoAnnouncement) => unknown {
  let announced = { id: -1, alternate: false };
  return (announcement) => {
    if (announcement.id !== announced.id) {
      announced = { id: announcement.id, alternate: !announced.alternate };
    }
    return announced.alternate
      ? html`<p data-alternate>${announcement.message}</p>`
      : html`<p>${announcement.message}</p>`;
  };
}

/** What the connection's buttons show and do. */
export interface ConnectionControls {
  t: BmoElementStrings;
  connection: BmoConnection;
  muted: boolean;
  /** BMO hears nothing here (typing only), so the microphone's mute is off. */
  deaf: boolean;
  connect: (textOnly: boolean) => unknown;
  disconnect: () => unknown;
  setMuted: (muted: boolean) => unknown;
}

/** Connect (with or without a microphone) while disconnected; else Disconnect and the mute. */
export function connectionControls(c: ConnectionControls) {
  if (c.connection === 'disconnected') {
    return html`
      <button type="button" class="primary" @click=${() => c.connect(false)}>${c.t.connect}</button>
      <button type="button" @click=${() => c.connect(true)}>${c.t.connectWithoutMic}</button>
    `;
  }
  return html`
    <button type="button" @click=${() => c.disconnect()}>${c.t.disconnect}</button>
    <button
      type="button"
      class="mic"
      aria-pressed=${String(c.muted)}
      aria-describedby=${c.deaf ? 'engine-notice' : nothing}
      ?disabled=${c.connection !== 'connected' || c.deaf}
      @click=${() => c.setMuted(!c.muted)}
    >
      ${micIcon(c.muted)} ${c.t.muteMic}
    </button>
  `;
}
