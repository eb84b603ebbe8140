/**
 * The copy-paste snippets and the embedder's checklist on /docs: for each element, how to use it
 * from a script tag, npm with plain ESM, React 19, Vue 3 and Svelte 5, written from its manifest
 * entry (its family, its first event).
 */
import type { ElementDoc } from '../manifest.ts';

export interface Snippet {
  label: string;
  code: string;
}

export function snippetsFor(element: ElementDoc, edgeOrigin: string): Snippet[] {
  const { tagName: tag, family } = element;
  const event = element.events[0]?.name;
  const listen = event
    ? `\nel.addEventListener('${event}', (event) => console.log(event.detail));`
    : '';
  return [
    {
      label: 'Script tag',
      code: `<script type="module" src="${edgeOrigin}/embed/${family}.js"></script>\n<${tag}></${tag}>`,
    },
    {
      label: 'npm, plain ESM',
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

/** What a site owner sets up before the elements can talk to the edge and the voice services. */
export const CHECKLIST: { title: string; code: string; note: string }[] = [
  {
    title: 'Content-Security-Policy: connect-src',
    code: "connect-src 'self' https://your-edge.example https://api.openai.com wss://your-project.livekit.cloud https://your-project.livekit.cloud",
    note: 'Your edge (tokens), OpenAI (text readings over WebSocket, voice over WebRTC), and your LiveKit host (BMO). The offline reader needs only the edge (its WebSocket is wss: on the same host).',
  },
  {
    title: 'Permissions-Policy: microphone',
    code: 'Permissions-Policy: microphone=(self "https://your-site.example")',
    note: 'Voice readings and BMO ask for the microphone; a policy that denies it makes them say so and offer text.',
  },
  {
    title: 'allow="microphone" on iframes',
    code: '<iframe src="https://your-site.example/reading" allow="microphone"></iframe>',
    note: 'An iframe without it never gets the microphone, whatever the visitor answers.',
  },
  {
    title: 'ALLOWED_ORIGINS on the edge',
    code: 'npx wrangler secret put ALLOWED_ORIGINS   # https://your-site.example,https://www.your-site.example',
    note: 'An edge on another origin refuses your site\u2019s token requests until its origin is listed (enforced on the server, not only by CORS).',
  },
];
