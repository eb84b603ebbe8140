/**
 * Fresh consumer apps of the packed `voice-agent-elements`, written into a temporary folder the
 * way a site owner starts one (Vite's vanilla-ts and react-ts layouts here, vue-ts and svelte-ts in
 * consumer-apps-sfc.ts, versions pinned), installed from the npm registry like any user,
 * type-checked, built with the bundler's defaults and served. Each imports the package's
 * tokens.css and shows a cassette, a card picker and a push-to-talk button. Used by
 * package-consumers.spec.ts.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Pinned template versions (Vite 8's vanilla-ts and react-ts templates, React 19). */
export const PINNED = {
  vite: '8.3.8',
  typescript: '5.9.3',
  react: '19.3.1',
  reactDom: '19.3.1',
  typesReact: '19.3.0',
  typesReactDom: '19.3.0',
};

export interface CommandResult {
  code: number;
  /** stdout and stderr together, for failure messages. */
  output: string;
  stdout: string;
}

/** Runs a command to its end; resolves with its exit code and output (never rejects on failure). */
export function run(command: string, args: string[], cwd: string): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NODE_ENV: '' } });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output, stdout }));
  });
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    strict: true,
    noEmit: true,
    // As Vite's templates: the SDKs' own declarations (livekit-client, @openai/agents-core) need
    // Node types and packages they do not declare.
    skipLibCheck: true,
    jsx: 'react-jsx',
    types: [],
  },
  include: ['src'],
};

const INDEX = (entry: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Consumer</title></head>
  <body><div id="root"></div><script type="module" src="/src/${entry}"></script></body>
</html>
`;

/** A listener that reads a typed event detail, and a wrong field that must not type-check. */
const TYPED_LISTENER = `import type {} from 'voice-agent-elements/bmo';

export function listen(slot: HTMLElementTagNameMap['bmo-cassette-slot']): void {
  slot.addEventListener('bmo-cassette-open', (event) => {
    const title: string = event.detail.title;
    // @ts-expect-error the cassette event's detail has no content field
    const wrong: string = event.detail.content;
    console.log(title, wrong);
  });
}
`;

/** The design tokens, imported as a site would, into the bundle (its CSS transform applies). */
export const TOKENS_IMPORT = "import 'voice-agent-elements/tokens.css';";

/** What every app imports first: the tokens and the element families it shows. */
export const CONSUMER_MAIN = `${TOKENS_IMPORT}
import 'voice-agent-elements/voice';
import 'voice-agent-elements/tarot';
import 'voice-agent-elements/tarot/cards';
import 'voice-agent-elements/bmo';`;

export function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

export function writeVanillaApp(dir: string, tarball: string): void {
  write(dir, {
    'package.json': JSON.stringify({
      name: 'consumer-vanilla',
      private: true,
      type: 'module',
      scripts: { build: 'tsc && vite build' },
      dependencies: { 'voice-agent-elements': `file:${tarball}` },
      devDependencies: { vite: PINNED.vite, typescript: PINNED.typescript },
    }),
    'tsconfig.json': JSON.stringify(TSCONFIG),
    'index.html': INDEX('main.ts'),
    'src/typed-listener.ts': TYPED_LISTENER,
    'src/main.ts': `${CONSUMER_MAIN}
import { listen } from './typed-listener';

const events: string[] = [];
Object.assign(window, { consumerEvents: events });
const root = document.getElementById('root')!;

const indicator = document.createElement('voice-agent-indicator');
indicator.label = 'Listening';
const card = document.createElement('tarot-card');
card.cardId = 'the-star';
const slot = document.createElement('bmo-cassette-slot');
slot.cassette = { title: 'Wi-Fi', content: 'guest-1234' };
slot.addEventListener('bmo-cassette-open', (event) => events.push(event.detail.title));
listen(slot);
const picker = document.createElement('tarot-card-picker');
picker.positionLabel = 'Past';
picker.excluded = ['the-fool'];
picker.addEventListener('tarot-card-pick', (event) => events.push(\`pick:\${event.detail.cardName}\`));
root.append(indicator, card, slot, picker, document.createElement('voice-speaker-button'));

// A text reading on the edge the page is pointed at (?edge=<url>), as a site owner sets api-base.
const edge = new URLSearchParams(location.search).get('edge');
if (edge) {
  const reading = document.createElement('tarot-reading');
  reading.label = 'Consumer reading';
  reading.mode = 'text';
  reading.apiBase = edge;
  root.append(reading);
}
`,
  });
}

export function writeReactApp(dir: string, tarball: string): void {
  write(dir, {
    'package.json': JSON.stringify({
      name: 'consumer-react',
      private: true,
      type: 'module',
      scripts: { build: 'tsc && vite build' },
      dependencies: {
        'voice-agent-elements': `file:${tarball}`,
        react: PINNED.react,
        'react-dom': PINNED.reactDom,
      },
      devDependencies: {
        vite: PINNED.vite,
        typescript: PINNED.typescript,
        '@types/react': PINNED.typesReact,
        '@types/react-dom': PINNED.typesReactDom,
      },
    }),
    'tsconfig.json': JSON.stringify(TSCONFIG),
    'index.html': INDEX('main.tsx'),
    'src/typed-listener.ts': TYPED_LISTENER,
    'src/main.tsx': `${CONSUMER_MAIN}
import type {} from 'voice-agent-elements/react';
import { createRoot } from 'react-dom/client';

const events: string[] = [];
Object.assign(window, { consumerEvents: events });

function App() {
  return (
    <>
      <voice-agent-indicator label="Listening" />
      <tarot-card cardId="the-star" />
      <bmo-cassette-slot
        cassette={{ title: 'Wi-Fi', content: 'guest-1234' }}
        onbmo-cassette-open={(event) => {
          events.push(event.detail.title);
          // @ts-expect-error the cassette event's detail has no content field
          events.push(event.detail.content);
        }}
      />
      <tarot-card-picker
        positionLabel="Past"
        excluded={['the-fool']}
        ontarot-card-pick={(event) => events.push(\`pick:\${event.detail.cardName}\`)}
      />
      <voice-speaker-button />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
`,
  });
}
