/**
 * Typed templates for Vue and Svelte, generated from the package's Custom Elements Manifest by
 * maintained generators, never by hand:
 *
 * - `dist/vue.d.ts`: custom-element-vuejs-integration (Vue's `GlobalComponents`, which `vue-tsc`
 *   checks templates against);
 * - `dist/svelte.d.ts`: @wc-toolkit/jsx-types (props named as Svelte 5 writes them: attributes,
 *   properties, `on<event>` handlers) in `dist/jsx-types.d.ts`, added to Svelte's own element map
 *   (`svelte/elements`), which `svelte-check` reads.
 *
 * Both read an element's properties from its class (`BmoCassetteSlot['cassette']`) and its events
 * from `GlobalEventHandlersEventMap`, where every element declares them, so the types are the ones
 * `addEventListener` and the property setters already have.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateJsxTypes } from '@wc-toolkit/jsx-types';
import { generateVuejsTypes } from 'custom-element-vuejs-integration';

/** What the generators read of the manifest (custom-elements.json, schema 2). */
interface ManifestElement {
  kind: 'class';
  name: string;
  customElement: true;
  tagName?: string;
  attributes?: { name: string; fieldName?: string }[];
  events?: { name: string; type?: { text: string } }[];
}
export interface Manifest {
  schemaVersion: string;
  modules: { kind: 'javascript-module'; path: string; declarations?: ManifestElement[] }[];
}

/** The `theme` attribute every element takes (shared/theme.styles.ts); no property backs it. */
const THEME_PROP = `/** \`light\` or \`dark\`; unset, it follows the enclosing root or prefers-color-scheme. */
theme?: 'light' | 'dark';`;

/**
 * The manifest as the generators need it: each event typed from `GlobalEventHandlersEventMap`
 * (`eventType` gives the text), and only the attributes a property backs (the generators type an
 * attribute from its property; `theme`, which has none, is added by the caller where it can be).
 */
function generatorView(manifest: Manifest, eventType: (name: string) => string): Manifest {
  const view = structuredClone(manifest);
  for (const module of view.modules) {
    for (const element of module.declarations ?? []) {
      element.attributes = (element.attributes ?? []).filter((attribute) => attribute.fieldName);
      for (const event of element.events ?? []) {
        event.type = { text: eventType(event.name) };
      }
    }
  }
  return view;
}

/** Writes `vue.d.ts`, `svelte.d.ts` and `jsx-types.d.ts` into `dist` from the manifest. */
export function writeFrameworkTypes(manifest: Manifest, dist: string): void {
  // Module paths in the manifest are the package's (dist/web-components/…); the types sit in dist/.
  const fromDist = (_name: string, _tag?: string, modulePath?: string) =>
    `./${(modulePath ?? '').replace(/^dist\//, '')}`;
  const modulePaths = new Map(
    manifest.modules.flatMap((module) =>
      (module.declarations ?? []).map((element) => [element.name, module.path] as const),
    ),
  );

  generateVuejsTypes(
    generatorView(manifest, (name) => `GlobalEventHandlersEventMap['${name}']['detail']`),
    {
      outdir: dist,
      fileName: 'vue.d.ts',
      componentTypePath: (name: string) => fromDist(name, undefined, modulePaths.get(name)),
      hideLogs: true,
    },
  );

  generateJsxTypes(
    generatorView(manifest, (name) => `GlobalEventHandlersEventMap['${name}']`),
    {
      outdir: dist,
      fileName: 'jsx-types.d.ts',
      componentTypePath: fromDist,
      globalEvents: THEME_PROP,
      excludeCssCustomProperties: true,
    },
  );
  writeFileSync(
    join(dist, 'svelte.d.ts'),
    `/**
 * Svelte 5 typed templates for the package's elements: the props generated from the manifest
 * (jsx-types.d.ts), added to Svelte's own element map, which svelte-check reads.
 */
import type { CustomElements } from './jsx-types.js';

declare module 'svelte/elements' {
  interface SvelteHTMLElements extends CustomElements {}
}
`,
  );
}
