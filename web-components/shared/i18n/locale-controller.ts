/**
 * The language of one element instance: its own `lang`, else the closest ancestor's (across
 * shadow roots), else the document's, checked against the closed list in contracts/locale.ts.
 * Each element looks its words up in its family's strings for that language, so two elements in
 * two languages share a page without touching each other (a page-global locale, as
 * `@lit/localize` keeps, could not). English ships with the element; another language's strings
 * load with `import()` the first time an element asks for them (the family's table of its
 * languages, `i18n/languages.ts`, then that language's module). A host overrides any of them
 * through the element's `strings` property, and `strings` on an element reaches every element
 * inside it (across shadow roots) that has a string of that key: a root element's override reaches
 * its views too, and an inner element's own `strings` win over its ancestors'. An unsupported tag
 * falls back to English, and the element says so: `fallbackNote` is the visible note
 * (`langNotice()` renders it), and the host fires `voice-lang-fallback`.
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

/**
 * How a family's elements reach another language's strings (English is `en`, always there): the
 * family's `i18n/languages.ts` names each language's module and loads the first time an element
 * asks for one, so a first load carries one `import()` for them all, not one per language.
 */
export type StringsLoader<T extends Strings> = (lang: SupportedLang) => Promise<T | undefined>;

/** Each family's strings by language (keyed by its English), loaded or loading. */
const loaded = new WeakMap<Strings, Partial<Record<SupportedLang, Strings | Promise<Strings>>>>();

/**
 * Every connected element's controller, so an inner element can see that its host speaks up and
 * read its host's `strings`, and all of them render again when a host's `strings` change.
 */
interface SpokenLang {
  readonly supported: boolean;
  readonly requested: string;
  readonly host: LocaleHost;
}
const controllers = new Map<Node, SpokenLang>();

/** The elements above `element` (across shadow roots) with a locale controller, nearest first. */
function localeAncestors(element: Element): SpokenLang[] {
  const found: SpokenLang[] = [];
  for (let node = element.parentNode; node; node = node.parentNode) {
    if (node instanceof ShadowRoot) node = node.host;
    const spoken = controllers.get(node);
    if (spoken) found.push(spoken);
  }
  return found;
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
  #load: StringsLoader<T> | undefined;
  #strings: T;
  #requested = '';
  #lang: SupportedLang = 'en';
  #supported = true;
  #dir: 'ltr' | 'rtl' = 'ltr';
  #observer: MutationObserver | undefined;
  /** The host's `strings` when it last updated, to tell the elements inside it of a change. */
  #ownSeen: Partial<Strings> | undefined;

  constructor(host: LocaleHost, en: T, load?: StringsLoader<T>) {
    this.#host = host;
    this.#en = en;
    this.#strings = en;
    this.#load = load;
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

  /**
   * The element's strings: its language's, under the `strings` of the elements around it (the
   * nearest winning), under its host's own.
   */
  get t(): T {
    // Nearest last, so it wins.
    const layers = localeAncestors(this.#host)
      .reverse()
      .map((above) => above.host.strings);
    return Object.assign({}, this.#strings, ...layers, this.#host.strings) as T;
  }

  /** The element this controller speaks for. */
  get host(): LocaleHost {
    return this.#host;
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
  number(n: number): string {
    return new Intl.NumberFormat(this.#lang).format(n);
  }

  hostConnected(): void {
    controllers.set(this.#host, this);
    this.#ownSeen = this.#host.strings;
    this.#resolve();
    this.#observer = new MutationObserver(() => this.#resolve());
    this.#observer.observe(this.#host, { attributes: true, attributeFilter: ['lang', 'dir'] });
    const page = this.#host.ownerDocument.documentElement;
    this.#observer.observe(page, { attributes: true, attributeFilter: ['lang', 'dir'] });
  }

  hostUpdate(): void {
    // The element's own layout mirrors when its language is right to left and no dir says so.
    this.#host.toggleAttribute('data-rtl', this.#dir === 'rtl');
    if (this.#host.strings === this.#ownSeen) return;
    // The elements inside this one read its strings too: they render again (all of them, as a
    // site sets a root's `strings` seldom, and a walk to find the inner ones costs more).
    this.#ownSeen = this.#host.strings;
    for (const { host } of controllers.values()) if (host !== this.#host) host.requestUpdate();
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
    const [above] = localeAncestors(this.#host);
    return above !== undefined && !above.supported && above.requested === this.#requested;
  }

  #use(lang: SupportedLang): void {
    const load = this.#load;
    if (lang === 'en' || !load) {
      this.#strings = this.#en;
      return;
    }
    const family = loaded.get(this.#en) ?? {};
    loaded.set(this.#en, family);
    const cached = family[lang];
    if (cached && !(cached instanceof Promise)) {
      this.#strings = cached as T;
      return;
    }
    // a language that cannot load (offline, a missing file) stays English
    const pending =
      cached ??
      load(lang).then(
        (strings) => strings ?? this.#en,
        () => this.#en,
      );
    family[lang] = pending;
    void pending.then((strings) => {
      family[lang] = strings;
      if (this.#lang === lang) {
        this.#strings = strings as T;
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
