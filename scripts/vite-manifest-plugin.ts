/**
 * `virtual:va-manifest` for the hosted page's /docs: the package's Custom Elements Manifest
 * (web-components/custom-elements.json), written by `npm run manifest` when it is not there yet,
 * so the docs page is generated from the manifest at build time (and in `npm run dev`). `npm run
 * build` builds the package first, which writes the manifest afresh: a manifest left by an earlier
 * build would otherwise give /docs yesterday's elements. The page shows what an element offers a
 * site, so it loads only that (`forDocs`): the package's own manifest keeps the rest.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = join(ROOT, 'web-components');
const MANIFEST = join(PACKAGE, 'custom-elements.json');
const ID = 'virtual:va-manifest';

/** A name with its words, as /docs shows each attribute, property, event, slot, part or property. */
interface Named {
  name?: string;
  description?: string;
  type?: { text?: string };
}

interface Member extends Named {
  kind?: string;
  privacy?: string;
  static?: boolean;
  attribute?: string;
}

interface Declaration {
  tagName?: string;
  name?: string;
  customElement?: boolean;
  summary?: string;
  description?: string;
  attributes?: Named[];
  members?: Member[];
  events?: Named[];
  slots?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
}

interface Manifest {
  modules?: { path: string; declarations?: Declaration[] }[];
}

/** A name's words and type, and nothing else (no default's code, no `inheritedFrom`). */
function named({ name, description, type }: Named): Named {
  return { name, description, type: type?.text ? { text: type.text } : undefined };
}

/**
 * A property's words, less the description and type its attribute already gives the same (the page
 * reads them from the attribute: web-components/app/manifest.ts).
 */
function withoutAttributeWords(
  member: Named,
  attributes: Named[] = [],
  attribute: string | undefined,
): Named {
  const source = attributes.find((candidate) => candidate.name === attribute);
  if (!source) return member;
  const { description, type, ...rest } = member;
  return {
    ...rest,
    description: description === source.description ? undefined : description,
    type: type?.text === source.type?.text ? undefined : type,
  };
}

/**
 * What /docs reads of the manifest (web-components/app/manifest.ts): each custom element's names,
 * summary and description, and its attributes, public fields, events, slots, CSS parts and custom
 * properties, each by its name, words and type (a property's only where its attribute's differ).
 * Everything else (functions, stores, methods,
 * private and protected members, defaults' code, what a member inherits from) stays in the
 * package's own manifest and out of the page's first load.
 */
export function forDocs(manifest: Manifest): Manifest {
  const modules = (manifest.modules ?? []).map(({ path, declarations = [] }) => ({
    path,
    declarations: declarations
      .filter((declaration) => declaration.customElement && declaration.tagName)
      .map((declaration) => ({
        tagName: declaration.tagName,
        name: declaration.name,
        customElement: true,
        summary: declaration.summary,
        description: declaration.description,
        attributes: declaration.attributes?.map(named),
        members: declaration.members
          ?.filter(
            (member) =>
              member.kind === 'field' &&
              !member.static &&
              (member.privacy ?? 'public') === 'public' &&
              !(member.name ?? '').startsWith('#'),
          )
          .map((member) => ({
            kind: 'field',
            attribute: member.attribute,
            ...withoutAttributeWords(named(member), declaration.attributes, member.attribute),
          })),
        events: declaration.events?.map(named),
        slots: declaration.slots?.map(named),
        cssParts: declaration.cssParts?.map(named),
        cssProperties: declaration.cssProperties?.map(named),
      })),
  }));
  return { modules: modules.filter((module) => module.declarations.length > 0) };
}

export function manifestPlugin(): Plugin {
  return {
    name: 'va-manifest',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      if (!existsSync(MANIFEST)) {
        execFileSync(
          join(ROOT, 'node_modules', '.bin', 'cem'),
          ['analyze', '--config', 'custom-elements-manifest.config.js'],
          {
            cwd: PACKAGE,
            stdio: 'inherit',
          },
        );
      }
      this.addWatchFile(MANIFEST);
      return `export default ${JSON.stringify(forDocs(JSON.parse(readFileSync(MANIFEST, 'utf8'))))};`;
    },
  };
}
