import { nothing, type ReactiveController, type ReactiveElement } from 'lit';

/** A root element that can be a launcher: its `variant` and `placement`, and its `end()`. */
export interface LauncherHost extends ReactiveElement {
  variant: string;
  placement: string;
  /** Ends the session, from the panel's End. */
  end(): unknown;
}

export interface LauncherOptions {
  /** The button's accessible name and the panel's title. */
  label: () => string;
  /** The host's events that count on the badge while the panel is closed. */
  notifyOn: readonly string[];
  /** Whether a session runs (the panel then offers End). */
  active: () => boolean;
}

/** The launcher's panel, once loaded: it wraps the host's content. */
export interface LauncherView {
  wrap(content: unknown): unknown;
}

export interface LauncherControllerOptions extends LauncherOptions {
  /**
   * Loads the panel's code (`launcher-panel.ts`): the host element loads its view, so this
   * controller never imports an element.
   */
  load: () => Promise<{
    LauncherPanel: new (host: LauncherHost, options: LauncherOptions) => LauncherView;
  }>;
}

/**
 * A root element's `variant="launcher"`: while it is set, the host's content shows inside a
 * `<voice-launcher>` (a button in a corner and a panel). The launcher's code loads the first time
 * a host uses the variant (nothing shows until then), so a page that never does never loads it.
 */
export class LauncherController implements ReactiveController {
  #host: LauncherHost;
  #options: LauncherControllerOptions;
  #panel: LauncherView | undefined;
  #loading = false;

  constructor(host: LauncherHost, options: LauncherControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostUpdate(): void {
    if (this.#host.variant !== 'launcher' || this.#loading) return;
    this.#loading = true;
    void this.#options.load().then(({ LauncherPanel }) => {
      this.#panel = new LauncherPanel(this.#host, this.#options);
      this.#host.requestUpdate();
    });
  }

  /** `content` as the host shows it: in place, or inside the launcher's panel. */
  wrap(content: unknown): unknown {
    if (this.#host.variant !== 'launcher') return content;
    return this.#panel ? this.#panel.wrap(content) : nothing;
  }
}
