/**
 * The hostile-input table for the docs, generated from the cases the suite runs:
 * `node tests/unit/helpers/hostile/table.ts > docs/hostile-inputs.md`.
 * tests/unit/edge/hostile.test.ts checks that the document is the table of the current cases.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  EVENTS_CASES,
  READER_FRAME_CASES,
  READER_UPGRADE_CASES,
  VOICE_TOKEN_CASES,
  type HttpCase,
} from './cases.ts';
import { HEALTH_CASES, LIVEKIT_TOKEN_CASES, LIVEKIT_WEBHOOK_CASES } from './livekit-cases.ts';
import { RELAY_FRAME_CASES, RELAY_UPGRADE_CASES, VOICE_CALL_CASES } from './relay-cases.ts';

/** Where OpenAI is for the tables' cases (only a run of them reaches it: a local stand-in). */
const TABLE_OPENAI_BASE = 'http://127.0.0.1:9/v1';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function httpTable(title: string, cases: readonly HttpCase[]): string {
  const rows = cases.map(
    (entry) => `| ${cell(entry.name)} | ${entry.status}${entry.code ? ` \`${entry.code}\`` : ''} |`,
  );
  return [
    `## ${title} (${cases.length} inputs)`,
    '',
    '| input | answer |',
    '| --- | --- |',
    ...rows,
  ].join('\n');
}

/** Where the table lives, formatted the way `prettier --check` wants it. */
export const TABLE_PATH = fileURLToPath(
  new URL('../../../../docs/hostile-inputs.md', import.meta.url),
);

export async function markdownTable(): Promise<string> {
  const options = (await resolveConfig(TABLE_PATH)) ?? {};
  return format(await rawTable(), { ...options, parser: 'markdown' });
}

async function rawTable(): Promise<string> {
  const relayFrames = RELAY_FRAME_CASES.map(
    (entry) =>
      `| ${cell(entry.name)} | ${
        entry.error
          ? `error \`${entry.error}\`${entry.closes ? ', session ends' : ''}`
          : 'goes on, pinned'
      } |`,
  );
  const frames = READER_FRAME_CASES.map(
    (entry) => `| ${cell(entry.name)} | ${entry.error ? `error \`${entry.error}\`` : 'no error'} |`,
  );
  return [
    '# Hostile inputs and what the edge answers',
    '',
    'Generated from `tests/unit/helpers/hostile/cases.ts` by',
    '`node tests/unit/helpers/hostile/table.ts`; every row is a test in',
    '`tests/unit/edge/hostile.test.ts`, run against the app as deployed (no local development, unless',
    'a row says so). Besides its answer, every case checks that no secret is in the response, that no',
    '5xx comes unasked, and that no body value longer than the longest capped field the edge reflects',
    '(a 40-character name), nor in a refusal any value with a control character, is echoed. A LiveKit',
    'token or webhook case also checks that no room and no dispatch was made (BMO’s job starts when a',
    'visitor joins, through a webhook signed by the server). The call and relay cases run against a',
    'local stand-in for OpenAI that takes only the site’s key; a call hung up at once because its',
    'object could not take it is checked to be hung up, and what happens when the hangup itself fails',
    'is in `tests/e2e/openai-relay.spec.ts` (retried until OpenAI takes it, an error in the log each',
    'time).',
    '',
    httpTable('POST /api/voice/token', VOICE_TOKEN_CASES),
    '',
    httpTable('POST /api/events', EVENTS_CASES),
    '',
    httpTable('GET /api/reader/realtime (upgrade)', await READER_UPGRADE_CASES()),
    '',
    httpTable(
      'POST /api/voice/calls and GET /api/voice/calls/{callId}',
      await VOICE_CALL_CASES(TABLE_OPENAI_BASE),
    ),
    '',
    httpTable(
      'GET /api/voice/realtime (the relay’s upgrade)',
      await RELAY_UPGRADE_CASES(TABLE_OPENAI_BASE),
    ),
    '',
    `## Relay frames (${RELAY_FRAME_CASES.length} inputs, each on a session of its own, before any reaches OpenAI)`,
    '',
    '| frame | answer |',
    '| --- | --- |',
    ...relayFrames,
    '',
    httpTable('POST /api/livekit/token', LIVEKIT_TOKEN_CASES),
    '',
    httpTable('POST /api/livekit/webhook', LIVEKIT_WEBHOOK_CASES),
    '',
    httpTable('GET /api/health', HEALTH_CASES),
    '',
    `## Reader socket frames (${READER_FRAME_CASES.length} inputs, one session, which still answers afterwards)`,
    '',
    '| frame | answer |',
    '| --- | --- |',
    ...frames,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(await markdownTable());
}
