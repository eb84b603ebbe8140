/**
 * The docs check behind `npm run check`: the root README stays at most 12 KB, prose lines at most
 * 160 characters outside tables and code blocks, table lines at most 200 (a wider table becomes
 * sections), every file and folder a doc or a comment names exists, and no comment carries
 * history. The repository's own docs and comments pass it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_LINE,
  MAX_TABLE_LINE,
  README_MAX_BYTES,
  type TrackedFiles,
  checkDocs,
  commentsOf,
  hashCommentsOf,
  historyFindings,
  lineFindings,
  pathFindings,
  readmeFindings,
  stringsOf,
} from '../../../scripts/check-docs.ts';

const words = (length: number) => 'word '.repeat(length).slice(0, length);

describe('the docs check', () => {
  it('passes the repository’s own docs', () => {
    expect(checkDocs()).toEqual([]);
  });

  it('refuses a README over 12 KB and takes one at the limit', () => {
    expect(readmeFindings('a'.repeat(README_MAX_BYTES))).toEqual([]);
    const found = readmeFindings('a'.repeat(README_MAX_BYTES + 1));
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain(`${README_MAX_BYTES + 1} bytes`);
  });

  it('refuses a prose line over 160 characters, and names its file and line', () => {
    const text = `# Title\n\n${words(MAX_LINE)}\n${words(MAX_LINE + 1)}\n`;
    expect(lineFindings('docs/x.md', text)).toEqual([
      { file: 'docs/x.md', line: 4, message: expect.stringContaining('161 characters') },
    ]);
  });

  it('leaves long lines inside code blocks alone, whatever the fence', () => {
    const long = words(MAX_LINE + 40);
    const text = `\`\`\`sh\n${long}\n\`\`\`\n\n~~~\n${long}\n~~~\n\n\`\`\`\`md\n\`\`\`\n${long}\n\`\`\`\n\`\`\`\`\n`;
    expect(lineFindings('docs/x.md', text)).toEqual([]);
    expect(lineFindings('docs/x.md', `${text}${long}\n`)).toHaveLength(1);
  });

  it('lets a table line run to 200 characters, and refuses one past that', () => {
    const row = (length: number) => `| ${words(length - 4)} |`;
    expect(lineFindings('docs/x.md', `${row(MAX_TABLE_LINE)}\n`)).toEqual([]);
    expect(lineFindings('docs/x.md', `${row(MAX_TABLE_LINE + 1)}\n`)).toEqual([
      { file: 'docs/x.md', line: 1, message: expect.stringContaining('make the table sections') },
    ]);
  });

  it('finds each rule broken in a tree of docs: the README’s size, a prose line, a table line', () => {
    const root = mkdtempSync(join(tmpdir(), 'check-docs-'));
    try {
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'README.md'), `${'short line\n'.repeat(1200)}`);
      writeFileSync(join(root, 'docs', 'faults.md'), `| a | ${words(MAX_TABLE_LINE)} |\n`);
      writeFileSync(join(root, 'docs', 'guide.md'), `${words(MAX_LINE + 1)}\n`);
      const found = checkDocs(root).map(({ file, line }) => `${file}:${line}`);
      expect(found).toEqual(['README.md:1', 'docs/faults.md:1', 'docs/guide.md:1']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the paths a doc or a comment names', () => {
  const paths = [
    'docs/architecture.md',
    'web-components/bmo/session/bmo-room.ts',
    'web-components/bmo/session/token.ts',
    'contracts/cards.ts',
  ];
  const tracked: TrackedFiles = {
    paths: new Set(paths),
    names: new Set(paths.map((path) => path.split('/').pop() ?? path)),
  };
  const lines = (...texts: string[]) => texts.map((text, index) => ({ line: index + 1, text }));

  it('finds a moved file a doc still names, with its line', () => {
    const text = lines(
      'The token request (`web-components/bmo/session/token.ts`) retries.',
      'It was `web-components/bmo/token-request.ts`, and the deck `contracts/deck.ts`.',
    );
    expect(pathFindings('docs/faults.md', text, tracked)).toEqual([
      {
        file: 'docs/faults.md',
        line: 2,
        message: 'names web-components/bmo/token-request.ts, which does not exist',
      },
      { file: 'docs/faults.md', line: 2, message: 'names contracts/deck.ts, which does not exist' },
    ]);
  });

  it('reads a path from the root, from the naming file, from web-components/, or a tracked path’s end, and a bare name anywhere', () => {
    const text = lines(
      '`bmo/session/bmo-room.ts`, `session/token.ts`, `./token.ts`, `token.ts`, `cards.ts`',
    );
    expect(pathFindings('web-components/bmo/session/connection.ts', text, tracked)).toEqual([]);
    expect(pathFindings('docs/x.md', lines('a file `nowhere.ts`'), tracked)).toHaveLength(1);
  });

  it('leaves patterns, built output, other packages and generated files alone', () => {
    const text = lines(
      'tests are `*.test.ts`, agents `*-agent.ts`, types `.d.ts`; `dist/web-components/index.js`,',
      '`embed/bmo.js`, `voice-agent-elements/tokens.css`, `@livekit/agents/dist/x.js`,',
      '`custom-elements.json`, https://example.com/a/b.ts',
    );
    expect(pathFindings('docs/x.md', text, tracked)).toEqual([]);
  });

  it('leaves alone a path the file’s own code writes: a file it makes, in a scratch app', () => {
    const source =
      "// builds src/entry-server.ts, then gone.ts\nwrite({ 'src/entry-server.ts': '' });\n";
    const found = pathFindings('tests/e2e/app.ts', commentsOf(source), tracked, stringsOf(source));
    expect(found.map(({ message }) => message)).toEqual(['names gone.ts, which does not exist']);
  });

  it('reads the comments of a source, not its code, with their lines', () => {
    const source =
      "import { a } from './gone.ts';\n// see ./also-gone.ts\n/**\n * and `x/y.ts`\n */\n";
    const found = pathFindings('web-components/a.ts', commentsOf(source), tracked);
    expect(found.map(({ line, message }) => `${line}: ${message}`)).toEqual([
      '2: names ./also-gone.ts, which does not exist',
      '4: names x/y.ts, which does not exist',
    ]);
  });
});

/** A scratch tree (not a git checkout: every file counts as tracked) holding `files`. */
function scratchTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-docs-paths-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the paths a doc or a comment names, in a tree', () => {
  it('fails on each stale path the review found, wherever it is named', () => {
    const root = scratchTree({
      'README.md': '# Project\n',
      'web-components/bmo/session/token.ts': 'export const token = 1;\n',
      'web-components/bmo/session/connection.ts':
        '// Reconnects as room-controller.ts did not.\nexport const connection = 1;\n',
      'contracts/agent-graph.ts':
        '/** tests/unit/contracts-agent-graph.test.ts holds the three to it. */\nexport const graph = 1;\n',
      'docs/faults.md':
        '- **Test:** `web-components/bmo/token-request.ts`, as DESIGN.md says;\n  `tests/unit/hostile/` holds the cases.\n',
      'styles/tokens.css': '/* tests/unit/tokens.test.ts checks it */\n:root {}\n',
      '.ci/run': '#!/usr/bin/env bash\n# The brief is DESIGN.md.\nnpm test\n',
      'tests/unit/web-components/bmo/session/token.test.ts': "import '../gone.ts';\n",
    });
    try {
      expect(
        checkDocs(root).map(({ file, line, message }) => `${file}:${line}: ${message}`),
      ).toEqual([
        'docs/faults.md:1: names web-components/bmo/token-request.ts, which does not exist',
        'docs/faults.md:1: names DESIGN.md, which does not exist',
        'docs/faults.md:2: names the folder tests/unit/hostile/, which does not exist',
        '.ci/run:2: names DESIGN.md, which does not exist',
        'contracts/agent-graph.ts:1: names tests/unit/contracts-agent-graph.test.ts, which does not exist',
        'styles/tokens.css:1: names tests/unit/tokens.test.ts, which does not exist',
        'web-components/bmo/session/connection.ts:1: names room-controller.ts, which does not exist',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads a folder from the root, from the naming file, from web-components/, or a tracked folder’s end', () => {
    const tracked: TrackedFiles = {
      paths: new Set([
        'tests/unit/edge/app.test.ts',
        'web-components/tarot/host/reading-sessions.ts',
      ]),
      names: new Set(['app.test.ts', 'reading-sessions.ts']),
    };
    const text = [
      { line: 1, text: '`tests/unit/edge/`, `tarot/host/`, `unit/edge/`, `web-components/dist/`' },
      { line: 2, text: 'https://example.com/a/b/, /api/voice/token/, and/or' },
    ];
    expect(pathFindings('docs/x.md', text, tracked)).toEqual([]);
    expect(pathFindings('docs/x.md', [{ line: 1, text: '`tests/unit/gone/`' }], tracked)).toEqual([
      {
        file: 'docs/x.md',
        line: 1,
        message: 'names the folder tests/unit/gone/, which does not exist',
      },
    ]);
  });

  it('reads the `#` comments of a shell, TOML or Python file, not its code', () => {
    const { comments, code } = hashCommentsOf(
      '#!/usr/bin/env bash\nnode scripts/x.ts # then tests/gone.ts\n# all of docs/y.md\necho "#1"\n',
    );
    expect(comments).toEqual([
      { line: 2, text: '# then tests/gone.ts' },
      { line: 3, text: '# all of docs/y.md' },
    ]);
    expect(code).toContain('node scripts/x.ts');
    expect(code).not.toContain('gone');
  });
});

describe('history in comments', () => {
  const lines = (...texts: string[]) => texts.map((text, index) => ({ line: index + 1, text }));

  it('finds a run’s label, timings before and after, issue numbers and a former place', () => {
    const found = historyFindings(
      'x.ts',
      lines(
        '// measured on a fresh clone q5',
        '// CPU 160 s → 80 s once the cache was shared',
        '// the first load was 412 KiB',
        '// three lanes take the layer from 9.1 to 8.2 minutes',
        '// fixes issue 43',
        '// see #43',
        '// moved from tarot/session.ts',
        '// formerly the room controller',
      ),
    );
    expect(found.map(({ line }) => line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(found[0]?.message).toContain('goes in the commit message');
  });

  it('leaves alone what the code does, figures that are not a before and after, and quoted examples', () => {
    const found = historyFindings(
      'x.ts',
      lines(
        '// a fresh clone works with no setup',
        '// Half the step plus jitter: 100 → 75, 200 → 150.',
        '// the TTL is from 60 to 600 s',
        '// it no longer counts what it held',
        '// a comment never says `moved from` or `q5`',
        '// color: #fff',
      ),
    );
    expect(found).toEqual([]);
  });

  it('fails `checkDocs` on a planted history comment, as `npm run check` runs it', () => {
    const root = scratchTree({
      'README.md': '# Project\n',
      'edge/app.ts': '// Answers in 40 ms (was 120 ms before the cache).\nexport const app = 1;\n',
      'wrangler.toml': '# split from the old worker, issue 12\nname = "x"\n',
    });
    try {
      expect(checkDocs(root).map(({ file, line }) => `${file}:${line}`)).toEqual([
        'edge/app.ts:1',
        'wrangler.toml:1',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
