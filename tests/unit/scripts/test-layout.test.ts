/**
 * The layout rules of the tests check behind `npm run check`: a unit or integration test sits in the
 * folder of the source it covers, in the layer that what it starts calls for, and helpers sit in
 * their layer's helpers/ or, shared, in tests/support/. Each kind of misplaced file is planted in a
 * scratch tree.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTests } from '../../../scripts/check-tests.ts';
import { layoutFindings } from '../../../scripts/test-layout.ts';

describe('the layout of the tests', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /** A scratch repository holding `files` (path → source), with a little source of its own. */
  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'check-tests-layout-'));
    roots.push(root);
    const all: Record<string, string> = {
      'edge/app.ts': 'export const app = {};\n',
      'edge/routes/relay.ts': 'export const relay = {};\n',
      'reader/protocol/engine.ts': 'export class ReaderSession {}\n',
      'web-components/voice/audio/microphone.ts': 'export const microphone = {};\n',
      'styles/tokens.css': ':root {}\n',
      'tests/support/paths.ts': "export const ROOT = '';\n",
      'scripts/start.ts': "import { ROOT } from '../tests/support/paths.ts';\n",
      ...files,
    };
    for (const [path, source] of Object.entries(all)) {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), source);
    }
    return root;
  }
  const found = (root: string) =>
    layoutFindings(root).map(({ file, message }) => `${file}: ${message}`);

  it('passes tests in the folders of the source they cover, at any depth', () => {
    const root = tree({
      'tests/unit/edge/routes/relay.test.ts':
        "import { relay } from '../../../../edge/routes/relay.ts';\n",
      'tests/unit/edge/app.test.ts': "import { app } from '../../../edge/app.ts';\n",
      // a folder holds what is below it: a test of the edge's routes through its app
      'tests/unit/edge/relay-through-app.test.ts':
        "import { relay } from '../../../edge/routes/relay.ts';\n",
    });
    expect(found(root)).toEqual([]);
  });

  it('fails a test planted in the wrong folder, and names the folder it belongs in', () => {
    const root = tree({
      'tests/unit/web-components/relay.test.ts':
        "import { app } from '../../../edge/app.ts';\nimport { relay } from '../../../edge/routes/relay.ts';\n",
    });
    expect(found(root)).toEqual([
      'tests/unit/web-components/relay.test.ts: imports nothing from web-components/: a test sits in the folder of the source it covers, tests/unit/<folder>/ for <folder>/… (CONTRIBUTING.md, "Where a test goes"); this one imports edge/routes/: tests/unit/edge/routes/',
    ]);
  });

  it('fails a test at a layer’s root, where the flat layout put every test', () => {
    const root = tree({
      'tests/unit/relay.test.ts': "import { relay } from '../../edge/routes/relay.ts';\n",
    });
    expect(found(root)).toEqual([
      expect.stringMatching(
        /^tests\/unit\/relay\.test\.ts: sits at the root of tests\/unit\/: .* tests\/unit\/edge\/routes\/$/,
      ),
    ]);
  });

  it('follows the layer’s helpers and tests/support/ to the source, and reads the paths a test names', () => {
    const root = tree({
      'tests/unit/helpers/driver.ts':
        "export { ReaderSession } from '../../../reader/protocol/engine.ts';\n",
      'tests/unit/reader/cancel.test.ts': "import { ReaderSession } from '../helpers/driver.ts';\n",
      'tests/unit/styles/tokens.test.ts':
        "import { ROOT } from '../../support/paths.ts';\nconst css = join(ROOT, 'styles', 'tokens.css');\n",
      'tests/unit/support/paths.test.ts': "import { ROOT } from '../../support/paths.ts';\n",
    });
    expect(found(root)).toEqual([]);
  });

  it('puts a test that starts another program in tests/integration/, and one that starts none in tests/unit/', () => {
    const root = tree({
      'tests/support/livekit-server.ts': 'export function startLiveKitServer() {}\n',
      'tests/unit/edge/rooms.test.ts':
        "import { app } from '../../../edge/app.ts';\nimport { startLiveKitServer } from '../../support/livekit-server.ts';\n",
      'tests/integration/edge/app.test.ts': "import { app } from '../../../edge/app.ts';\n",
      'tests/integration/edge/rooms.test.ts':
        "import { app } from '../../../edge/app.ts';\nimport { startLiveKitServer } from '../../support/livekit-server.ts';\n",
      'tests/integration/reader/child.test.ts':
        "import { execFile } from 'node:child_process';\nimport { ReaderSession } from '../../../reader/protocol/engine.ts';\n",
    });
    expect(found(root)).toEqual([
      'tests/unit/edge/rooms.test.ts: starts a livekit-server: a test that starts another program is an integration test (tests/integration/edge/; CONTRIBUTING.md, "Where a test goes")',
      'tests/integration/edge/app.test.ts: starts no other program: it is a unit test (tests/unit/edge/)',
    ]);
  });

  it('keeps a layer’s helpers in its helpers/, and what several layers use in tests/support/', () => {
    const root = tree({
      'tests/unit/hostile/cases.ts': 'export const cases = [];\n',
      'tests/unit/helpers/wait.ts': 'export function until() {}\n',
      'tests/unit/edge/app.test.ts':
        "import { app } from '../../../edge/app.ts';\nimport { until } from '../helpers/wait.ts';\nimport { cases } from '../hostile/cases.ts';\nimport { alone } from '../../support/alone.ts';\n",
      'tests/integration/edge/app.test.ts':
        "import { execFile } from 'node:child_process';\nimport { app } from '../../../edge/app.ts';\nimport { until } from '../../unit/helpers/wait.ts';\n",
      'tests/support/alone.ts': 'export const alone = 1;\n',
    });
    expect(found(root)).toEqual([
      'tests/unit/helpers/wait.ts: tests/unit’s helper is imported from tests/integration: what more than one layer uses sits in tests/support/'.replace(
        '’',
        "'",
      ),
      'tests/unit/hostile/cases.ts: a helper outside tests/unit/helpers/: a layer keeps its helpers in its helpers/ folder',
      'tests/support/alone.ts: only tests/unit uses it: it belongs in tests/unit/helpers/ (tests/support/ holds what several use)',
    ]);
  });

  it('fails `checkTests` on a planted test in the wrong folder, as `npm run check` runs it', () => {
    const root = tree({
      'tests/unit/agent/relay.test.ts': "import { relay } from '../../../edge/routes/relay.ts';\n",
    });
    expect(checkTests(root).map(({ file }) => file)).toEqual(['tests/unit/agent/relay.test.ts']);
  });
});
