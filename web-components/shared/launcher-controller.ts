import { nothing, type ReactiveController } from 'lit';
import type { LauncherHost, LauncherOptions, LauncherPanel } from '../voice/launcher-panel.ts';

/**
 * A root element's `variant="launcher"`: while it is set, the host's content shows inside a
 * `<voice-launcher>` (a button in a corner and a panel). The launcher's code loads the first time
 * a host uses the variant (nothing shows until then), so a page that never does never loads it.
 */
export class LauncherController implements ReactiveController {
  #host: LauncherHost;
  #options: LauncherOptions;
  #panel: LauncherPanel | undefined;
  #loading = false;

  constructor(host: LauncherHost, options: LauncherOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostUpdate(): void {
    if (this.#host.variant !== 'launcher' || this.#loading) return;
    this.#loading = true;
    void import('../voice/launcher-panel.ts').then(({ LauncherPanel }) => {
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
