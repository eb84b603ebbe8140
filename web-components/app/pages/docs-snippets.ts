/**
 * The copy-paste snippets and the embedder's checklist on /docs: for each element, how to use it
 * from a script tag, npm with plain ESM, React 19, Vue 3 and Svelte 5, written from its manifest
 * entry (its family, its first event).
 */
import type { ElementDoc } from '../manifest.ts';
import type { DocsStrings } from '../i18n/docs-en.ts';

export interface Snippet {
  label: string;
  code: string;
}

export function snippetsFor(element: ElementDoc, edgeOrigin: string, t: DocsStrings): Snippet[] {
  const { tagName: tag, family } = element;
  const event = element.events[0]?.name;
  const listen = event
    ? `\nel.addEventListener('${event}', (event) => console.log(event.detail));`
    : '';
  return [
    {
      label: t.scriptTag,
      code: `<script type="module" src="${edgeOrigin}/embed/${family}.js"></script>\n<${tag}></${tag}>`,
    },
    {
      label: t.plainEsm,
      code: `// npm install voice-agent-elements\nimport 'voice-agent-elements/${family}';\n\nconst el = document.createElement('${tag}');${listen}\ndocument.body.append(el);`,
    },
    {
      label: 'React 19',
      code: `import 'voice-agent-elements/${family}';\nimport type {} from 'voice-agent-elements/react'; // JSX types\n\nexport function Example() {\n  return <${tag}${event ? ` on${event}={(event) => console.log(event.detail)}` : ''} />;\n}`,
    },
    {
      label: 'Vue 3',
      code: `// vite.config.ts: vue({ template: { compilerOptions: {\n//   isCustomElement: (tag) => /^(voice|tarot|bmo)-/.test(tag) } } })\n<script setup lang="ts">\nimport 'voice-agent-elements/${family}';\n</script>\n\n<template>\n  <${tag}${event ? ` @${event}="(event) => console.log(event.detail)"` : ''} />\n</template>`,
    },
    {
      label: 'Svelte 5',
      code: `<script lang="ts">\n  import 'voice-agent-elements/${family}';\n</script>\n\n<${tag}${event ? ` on${event}={(event) => console.log(event.detail)}` : ''}></${tag}>`,
    },
  ];
}

/** One step of the embedder's checklist: `{name}` in its title is the code `codes[name]`. */
export interface ChecklistItem {
  title: string;
  codes: Record<string, string>;
  code: string;
  note: string;
}

/** What a site owner sets up before the elements can talk to the edge and the voice services. */
export function checklist(t: DocsStrings): ChecklistItem[] {
  return [
    {
      title: '{header}',
      codes: { header: 'Content-Security-Policy: connect-src' },
      code: "connect-src 'self' https://your-edge.example https://api.openai.com wss://your-project.livekit.cloud https://your-project.livekit.cloud",
      note: t.cspNote,
    },
    {
      title: '{header}',
      codes: { header: 'Permissions-Policy: microphone' },
      code: 'Permissions-Policy: microphone=(self "https://your-site.example")',
      note: t.micPolicyNote,
    },
    {
      title: t.onIframes,
      codes: { allow: 'allow="microphone"' },
      code: '<iframe src="https://your-site.example/reading" allow="microphone"></iframe>',
      note: t.iframeNote,
    },
    {
      title: t.onTheEdge,
      codes: { origins: 'ALLOWED_ORIGINS' },
      code: 'npx wrangler secret put ALLOWED_ORIGINS   # https://your-site.example,https://www.your-site.example',
      note: t.originsNote,
    },
  ];
}
