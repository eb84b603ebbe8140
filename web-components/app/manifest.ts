/**
 * The package's Custom Elements Manifest as the docs page reads it: the elements, each with its
 * family, and the parts of the manifest schema the page shows.
 */
import manifest from 'virtual:va-manifest';

export interface Named {
  name: string;
  description?: string;
  type?: { text?: string };
  default?: string;
}

export interface ManifestMember extends Named {
  kind: string;
  privacy?: string;
  static?: boolean;
  attribute?: string;
}

export interface ElementDoc {
  tagName: string;
  name: string;
  family: 'voice' | 'tarot' | 'bmo';
  summary: string;
  description: string;
  attributes: Named[];
  properties: ManifestMember[];
  events: Named[];
  slots: Named[];
  cssParts: Named[];
  cssProperties: Named[];
}

interface RawDeclaration {
  tagName?: string;
  name?: string;
  summary?: string;
  description?: string;
  customElement?: boolean;
  attributes?: Named[];
  members?: ManifestMember[];
  events?: Named[];
  slots?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
}

interface RawManifest {
  modules: { path: string; declarations?: RawDeclaration[] }[];
}

const FAMILIES = ['voice', 'tarot', 'bmo'] as const;

/**
 * A property with its attribute's description and type where it has none of its own: the build
 * leaves them out of a property whose attribute says the same (scripts/vite-manifest-plugin.ts).
 */
function withAttributeWords(member: ManifestMember, attributes: Named[]): ManifestMember {
  const source = attributes.find((attribute) => attribute.name === member.attribute);
  return source
    ? {
        ...member,
        description: member.description ?? source.description,
        type: member.type ?? source.type,
      }
    : member;
}

export function elementDocs(source: RawManifest = manifest as RawManifest): ElementDoc[] {
  const docs: ElementDoc[] = [];
  for (const module of source.modules) {
    const family = FAMILIES.find((name) => module.path.includes(`/${name}/`));
    if (!family) continue;
    for (const item of module.declarations ?? []) {
      if (!item.customElement || !item.tagName) continue;
      docs.push({
        tagName: item.tagName,
        name: item.name ?? item.tagName,
        family,
        summary: item.summary ?? '',
        description: item.description ?? '',
        attributes: item.attributes ?? [],
        properties: (item.members ?? [])
          .filter(
            (member) =>
              member.kind === 'field' &&
              !member.static &&
              (member.privacy ?? 'public') === 'public' &&
              !member.name.startsWith('#'),
          )
          .map((member) => withAttributeWords(member, item.attributes ?? [])),
        events: item.events ?? [],
        slots: item.slots ?? [],
        cssParts: item.cssParts ?? [],
        cssProperties: item.cssProperties ?? [],
      });
    }
  }
  return docs.sort((a, b) => FAMILIES.indexOf(a.family) - FAMILIES.indexOf(b.family));
}
