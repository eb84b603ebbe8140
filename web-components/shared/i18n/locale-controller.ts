/**
 * The language of one element instance: its own `lang`, else the closest ancestor's (across
 * shadow roots), else the document's, checked against the closed list in contracts/locale.ts.
 * Each element looks its words up in its family's strings for that language, so two elements in
 * two languages share a page without touching each other (a page-global locale, as
 * `@lit/localize` keeps, could not). English ships with the element; another language's strings
 * load with `import()` the first time an element asks for them. A host overrides any of them
 * through the element's `strings` property. An unsupported tag falls back to English, and the element
 * says so: `fallbackNote` is the visible note (`langNotice()` renders it), and the host fires `voice-lang-fallback`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isRtlLang, matchLang, type SupportedLang } from '../../../contracts/locale.ts';

/** A family's strings in one language: every word it shows or announces, some with parameters. */
export type Strings = Record<string, string | ((...args: never[]) => string)>;

/** `voice-lang-fallback`: the element was asked for `requested`, which it does not speak. */
export interface VoiceLangFallbackDetail {
  requested: string;
  lang: SupportedLang;
}

export interface LocaleHost extends ReactiveControllerHost, HTMLElement {
  /** The host's own strings, over its language's. */
  strings?: Partial<Strings> | undefined;
}

/** How a family's other languages load (English is `en`, always there). */
export type StringsLoaders<T extends Strings> = Partial<Record<SupportedLang, () => Promise<T>>>;

const loaded = new WeakMap<() => Promise<Strings>, Strings | Promise<Strings>>();

/** Every connected element's controller, so an inner element can see that its host speaks up. */
interface SpokenLang {
  readonly supported: boolean;
  readonly requested: string;
}
const controllers = new WeakMap<Element, SpokenLang>();

/** The closest element above `element` (across shadow roots) that has a locale controller. */
function localeAncestor(element: Element): SpokenLang | undefined {
  let node: Node | null = element.parentNode;
  while (node) {
    if (node instanceof ShadowRoot) node = node.host;
    const found = node instanceof Element ? controllers.get(node) : undefined;
    if (found) return found;
    node = node.parentNode;
  }
  return undefined;
}

/** The language tag that applies to `element`: its own, an ancestor's, or the document's. */
export function inheritedAttribute(element: Element, name: 'lang' | 'dir'): string {
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element && node.hasAttribute(name)) return node.getAttribute(name) ?? '';
    const parent: Node | null = node.parentNode;
    node = parent instanceof ShadowRoot ? parent.host : parent;
  }
  return '';
}

export class LocaleController<T extends Strings> implements ReactiveController {
  #host: LocaleHost;
  #en: T;
  #loaders: StringsLoaders<T>;
  #strings: T;
  #requested = '';
  #lang: SupportedLang = 'en';
  #supported = true;
  #dir: 'ltr' | 'rtl' = 'ltr';
  #observer: MutationObserver | undefined;

  constructor(host: LocaleHost, en: T, loaders: StringsLoaders<T> = {}) {
    this.#host = host;
    this.#en = en;
    this.#strings = en;
    this.#loaders = loaders;
    host.addController(this);
  }

  /** The checked language the element speaks (English when the tag asked for is unsupported). */
  get lang(): SupportedLang {
    return this.#lang;
  }

  /** The tag that was asked for (the element's, an ancestor's or the page's), as written. */
  get requested(): string {
    return this.#requested;
  }

  /** False when the tag asked for is not one the elements speak. */
  get supported(): boolean {
    return this.#supported;
  }

  /** `rtl` when a `dir` says so, or, with none, when the language is written right to left. */
  get dir(): 'ltr' | 'rtl' {
    return this.#dir;
  }

  /**
   * `ltr` for a paragraph of English words inside a right-to-left layout (an Arabic or Hebrew tag
   * fallen back to English), so its full stop sits at its end; otherwise undefined (the layout's).
   */
  get sentenceDir(): 'ltr' | undefined {
    return this.#dir === 'rtl' && this.#lang === 'en' ? 'ltr' : undefined;
  }

  /** The element's strings: the host's `strings` over its language's. */
  get t(): T {
    const own = this.#host.strings;
    return own ? ({ ...this.#strings, ...own } as T) : this.#strings;
  }

  /**
   * The note an unsupported language gets, in English (the language it falls back to), or
   * `undefined` while the language is supported, or while an element around this one (a root
   * element around its parts) already says the same; `langNotice()` renders it.
   */
  get fallbackNote(): string | undefined {
    return this.#supported || this.#saidAbove() ? undefined : fallbackText(this.#requested);
  }

  /** `n` written for the element's language (`1,234` in English, `1234`/`1.234` in Spanish). */
  number(n: number, options?: Intl.NumberFormatOptions): string {
    return new Intl.NumberFormat(this.#lang, options).format(n);
  }

  /** A time of day written for the element's language (`3:05 PM`, `15:05`). */
  time(at: Date | number): string {
    return new Intl.DateTimeFormat(this.#lang, { timeStyle: 'short' }).format(at);
  }

  hostConnected(): void {
    controllers.set(this.#host, this);
    this.#resolve();
    this.#observer = new MutationObserver(() => this.#resolve());
    this.#observer.observe(this.#host, { attributes: true, attributeFilter: ['lang', 'dir'] });
    const page = this.#host.ownerDocument.documentElement;
    this.#observer.observe(page, { attributes: true, attributeFilter: ['lang', 'dir'] });
  }

  hostUpdate(): void {
    // The element's own layout mirrors when its language is right to left and no dir says so.
    this.#host.toggleAttribute('data-rtl', this.#dir === 'rtl');
  }

  hostDisconnected(): void {
    controllers.delete(this.#host);
    this.#observer?.disconnect();
    this.#observer = undefined;
  }

  #resolve(): void {
    const requested = inheritedAttribute(this.#host, 'lang');
    const dirAttr = inheritedAttribute(this.#host, 'dir').toLowerCase();
    const dir = dirAttr === 'rtl' || (dirAttr !== 'ltr' && isRtlLang(requested)) ? 'rtl' : 'ltr';
    const changed = requested !== this.#requested || dir !== this.#dir;
    this.#requested = requested;
    this.#dir = dir;
    if (!changed && this.#strings) return;
    const { lang, supported } = matchLang(requested);
    const newlyUnsupported = !supported && (this.#supported || lang !== this.#lang);
    this.#lang = lang;
    this.#supported = supported;
    this.#use(lang);
    this.#host.requestUpdate();
    if (newlyUnsupported && !this.#saidAbove()) {
      this.#host.dispatchEvent(
        new CustomEvent<VoiceLangFallbackDetail>('voice-lang-fallback', {
          detail: { requested, lang },
          bubbles: true,
          composed: true,
        }),
      );
    }
  }

  /** Whether an element around this one falls back from the same tag, and so says it already. */
  #saidAbove(): boolean {
    const above = localeAncestor(this.#host);
    return above !== undefined && !above.supported && above.requested === this.#requested;
  }

  #use(lang: SupportedLang): void {
    const load = this.#loaders[lang];
    if (!load) {
      this.#strings = this.#en;
      return;
    }
    const cached = loaded.get(load);
    if (cached && !(cached instanceof Promise)) {
      this.#strings = cached as T;
      return;
    }
    const pending = (cached ?? load()) as Promise<T>;
    loaded.set(load, pending);
    void pending.then((strings) => {
      loaded.set(load, strings);
      if (this.#lang === lang) {
        this.#strings = strings;
        this.#host.requestUpdate();
      }
    });
  }
}

/** The fallback note's words (English, the language the element falls back to). */
export function fallbackText(requested: string): string {
  return `This element does not speak “${requested}” yet, so it is shown in English.`;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'voice-lang-fallback': CustomEvent<VoiceLangFallbackDetail>;
  }
}
