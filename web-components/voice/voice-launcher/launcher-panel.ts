import { html, type ReactiveController } from 'lit';
import type { LauncherHost, LauncherOptions } from './launcher-controller.ts';
import './voice-launcher.ts';

/**
 * The launcher variant of a root element (`variant="launcher"`): the host renders its content
 * inside a `<voice-launcher>` (a button in a corner and a panel), and the host's own events named
 * in `notifyOn` count on the button's badge while the panel is closed. `LauncherController`
 * (launcher-controller.ts, in the host's first load) runs this, loaded the first time the host
 * needs it.
 */
export class LauncherPanel implements ReactiveController {
  #host: LauncherHost;
  #options: LauncherOptions;

  constructor(host: LauncherHost, options: LauncherOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    for (const type of this.#options.notifyOn) this.#host.addEventListener(type, this.#notify);
  }

  hostDisconnected(): void {
    for (const type of this.#options.notifyOn) this.#host.removeEventListener(type, this.#notify);
  }

  /** `content` inside the launcher's panel. */
  wrap(content: unknown): unknown {
    const host = this.#host;
    return html`<voice-launcher
      part="launcher"
      exportparts="button: launcher-button, badge: launcher-badge, panel: launcher-panel, header: launcher-header, title: launcher-title, end: launcher-end, close: launcher-close"
      label=${this.#options.label()}
      placement=${host.placement || 'bottom-right'}
      ?active=${this.#options.active()}
      @voice-launcher-end=${() => host.end()}
      >${content}</voice-launcher
    >`;
  }

  #notify = (): void => {
    this.#host.renderRoot.querySelector('voice-launcher')?.notify();
  };
}
