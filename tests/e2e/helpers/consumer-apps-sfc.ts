/**
 * The Vue 3.5 and Svelte 5 consumer apps of the packed `voice-agent-elements` (Vite's vue-ts and
 * svelte-ts layouts, bundler defaults, versions pinned): the elements bound in single-file
 * components with the package's generated template types (`voice-agent-elements/vue`,
 * `/svelte`), type-checked by `vue-tsc` and `svelte-check` in the build. Each also holds a
 * `wrong/` component that the build leaves out and that must fail its checker: a number for the
 * cassette (and, in Svelte, a pick handler typed for a number detail).
 *
 * Each app also renders on the server and hydrates, as Nuxt and SvelteKit apps do: the build
 * renders the same component in Node (Vite's SSR build of `src/entry-server.ts`, then
 * `prerender.js`, as Vite's own pre-rendering example does) into `dist/ssr.html`, whose client
 * entry (`src/entry-client.ts`) imports the families and hydrates what the server wrote.
 */
import { CONSUMER_MAIN, PINNED, TOKENS_IMPORT, write } from './consumer-apps.ts';

/** Pinned versions of what Vite's vue-ts and svelte-ts templates install. */
export const PINNED_SFC = {
  vue: '3.5.45',
  vueTsc: '3.3.14',
  pluginVue: '6.0.11',
  svelte: '5.57.3',
  svelteCheck: '4.7.8',
  pluginSvelte: '7.3.1',
  tsconfigSvelte: '5.0.8',
};

const INDEX = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Consumer</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.ts"></script></body>
</html>
`;

/** The server-rendered page: the server's HTML goes where the comment is. */
const SSR_INDEX = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Consumer, rendered on the server</title></head>
  <body><div id="root"><!--app-html--></div><script type="module" src="/src/entry-client.ts"></script></body>
</html>
`;

/** Builds both pages (the client-only and the server-rendered one's client entry). */
const BUILD_INPUTS = "build: { rolldownOptions: { input: ['index.html', 'ssr.html'] } },";

/** The SSR build, then the page rendered with it: `npm run build` ends with these. */
const SSR_BUILD = 'vite build --ssr src/entry-server.ts --outDir dist-server && node prerender.js';

/** Renders the app in Node with its server entry and writes the HTML into the built page. */
const PRERENDER = `import { readFileSync, writeFileSync } from 'node:fs';
import { render } from './dist-server/entry-server.js';

const page = readFileSync('dist/ssr.html', 'utf8');
if (!page.includes('<!--app-html-->')) throw new Error('dist/ssr.html has no place for the app');
writeFileSync('dist/ssr.html', page.replace('<!--app-html-->', await render()));
`;

const COMPILER = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'bundler',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  strict: true,
  noEmit: true,
  // As Vite's templates: the SDKs' own declarations need Node types they do not declare.
  skipLibCheck: true,
};

export function writeVueApp(dir: string, tarball: string): void {
  const tsconfig = (include: string[]) =>
    JSON.stringify({
      compilerOptions: { ...COMPILER, jsx: 'preserve', types: ['voice-agent-elements/vue'] },
      include,
    });
  write(dir, {
    'package.json': JSON.stringify({
      name: 'consumer-vue',
      private: true,
      type: 'module',
      scripts: { build: `vue-tsc -p tsconfig.json && vite build && ${SSR_BUILD}` },
      dependencies: { 'voice-agent-elements': `file:${tarball}`, vue: PINNED_SFC.vue },
      devDependencies: {
        vite: PINNED.vite,
        typescript: PINNED.typescript,
        'vue-tsc': PINNED_SFC.vueTsc,
        '@vitejs/plugin-vue': PINNED_SFC.pluginVue,
      },
    }),
    'vite.config.ts': `import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// Vue's own advice for custom elements: tags with a dash are not Vue components.
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.includes('-') } } })],
  ${BUILD_INPUTS}
});
`,
    'ssr.html': SSR_INDEX,
    'prerender.js': PRERENDER,
    'tsconfig.json': tsconfig(['src/**/*.ts', 'src/**/*.vue']),
    'tsconfig.wrong.json': tsconfig(['src/env.d.ts', 'wrong/**/*.vue']),
    'index.html': INDEX,
    'src/env.d.ts': `declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
`,
    // The families load after the app has mounted (code-split), which is when Vue, not knowing
    // the tags yet, would set an object as an attribute: .prop binds the property either way.
    'src/main.ts': `${TOKENS_IMPORT}
import { createApp } from 'vue';
import App from './App.vue';

const events: string[] = [];
Object.assign(window, { consumerEvents: events });
createApp(App, { events }).mount('#root');
await Promise.all([
  import('voice-agent-elements/voice'),
  import('voice-agent-elements/tarot/cards'),
  import('voice-agent-elements/bmo'),
]);
`,
    // Rendered on the server, then hydrated: the families are defined before hydration starts.
    'src/entry-server.ts': `import { createSSRApp } from 'vue';
import { renderToString } from 'vue/server-renderer';
import App from './App.vue';

export function render(): Promise<string> {
  return renderToString(createSSRApp(App, { events: [] }));
}
`,
    'src/entry-client.ts': `${CONSUMER_MAIN}
import { createSSRApp } from 'vue';
import App from './App.vue';

const events: string[] = [];
Object.assign(window, { consumerEvents: events });
createSSRApp(App, { events }).mount('#root');
`,
    'src/App.vue': `<script setup lang="ts">
import type { TarotCardPickDetail } from 'voice-agent-elements/tarot/cards';

const { events } = defineProps<{ events: string[] }>();
const cassette = { title: 'Wi-Fi', content: 'guest-1234' };
const excluded: string[] = ['the-fool'];
function onOpen(event: CustomEvent<{ title: string }>): void {
  events.push(event.detail.title);
}
function onPick(event: CustomEvent<TarotCardPickDetail>): void {
  events.push(\`pick:\${event.detail.cardName}\`);
}
</script>

<template>
  <voice-agent-indicator label="Listening" />
  <tarot-card card-id="the-star" />
  <bmo-cassette-slot :cassette.prop="cassette" @bmo-cassette-open="onOpen" />
  <tarot-card-picker position-label="Past" :excluded.prop="excluded" @tarot-card-pick="onPick" />
  <voice-speaker-button />
</template>
`,
    'wrong/Wrong.vue': `<template>
  <bmo-cassette-slot :cassette.prop="42" />
</template>
`,
  });
}

export function writeSvelteApp(dir: string, tarball: string): void {
  const tsconfig = (include: string[]) =>
    JSON.stringify({
      extends: '@tsconfig/svelte/tsconfig.json',
      compilerOptions: { ...COMPILER, types: ['svelte', 'voice-agent-elements/svelte'] },
      include,
    });
  write(dir, {
    'package.json': JSON.stringify({
      name: 'consumer-svelte',
      private: true,
      type: 'module',
      scripts: {
        build: `svelte-check --tsconfig ./tsconfig.json && vite build && ${SSR_BUILD}`,
      },
      dependencies: { 'voice-agent-elements': `file:${tarball}` },
      devDependencies: {
        vite: PINNED.vite,
        typescript: PINNED.typescript,
        svelte: PINNED_SFC.svelte,
        'svelte-check': PINNED_SFC.svelteCheck,
        '@sveltejs/vite-plugin-svelte': PINNED_SFC.pluginSvelte,
        '@tsconfig/svelte': PINNED_SFC.tsconfigSvelte,
      },
    }),
    'vite.config.ts': `import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [svelte()],
  ${BUILD_INPUTS}
});
`,
    'svelte.config.js': 'export default {};\n',
    'ssr.html': SSR_INDEX,
    'prerender.js': PRERENDER,
    'tsconfig.json': tsconfig(['src/**/*.ts', 'src/**/*.svelte']),
    'tsconfig.wrong.json': tsconfig(['wrong/**/*.svelte']),
    'index.html': INDEX,
    'src/main.ts': `${CONSUMER_MAIN}
import { mount } from 'svelte';
import App from './App.svelte';

const events: string[] = [];
Object.assign(window, { consumerEvents: events });
mount(App, { target: document.getElementById('root')!, props: { events } });
`,
    // Rendered on the server, then hydrated: the server writes the cassette as an attribute
    // (cassette="[object Object]"), and hydration sets the property before the slot's first update.
    'src/entry-server.ts': `import { render as renderSvelte } from 'svelte/server';
import App from './App.svelte';

export function render(): string {
  return renderSvelte(App, { props: { events: [] } }).body;
}
`,
    'src/entry-client.ts': `${CONSUMER_MAIN}
import { hydrate } from 'svelte';
import App from './App.svelte';

const events: string[] = [];
Object.assign(window, { consumerEvents: events });
hydrate(App, { target: document.getElementById('root')!, props: { events } });
`,
    'src/App.svelte': `<script lang="ts">
  import type { TarotCardPickDetail } from 'voice-agent-elements/tarot/cards';

  let { events }: { events: string[] } = $props();
  const cassette = { title: 'Wi-Fi', content: 'guest-1234' };
  const excluded: string[] = ['the-fool'];
  function onPick(event: CustomEvent<TarotCardPickDetail>): void {
    events.push(\`pick:\${event.detail.cardName}\`);
  }
</script>

<voice-agent-indicator label="Listening"></voice-agent-indicator>
<tarot-card card-id="the-star"></tarot-card>
<bmo-cassette-slot {cassette} onbmo-cassette-open={(event) => events.push(event.detail.title)}
></bmo-cassette-slot>
<tarot-card-picker position-label="Past" {excluded} ontarot-card-pick={onPick}></tarot-card-picker>
<voice-speaker-button></voice-speaker-button>
`,
    'wrong/Wrong.svelte': `<script lang="ts">
  function onPick(event: CustomEvent<number>): void {
    console.log(event.detail);
  }
</script>

<bmo-cassette-slot cassette={42}></bmo-cassette-slot>
<tarot-card-picker position-label="Past" ontarot-card-pick={onPick}></tarot-card-picker>
`,
  });
}
