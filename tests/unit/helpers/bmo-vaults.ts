/**
 * Vaults the offline BMO's tests ask in each language: the held-out vault (tests/vaults/held-out,
 * written apart from the code) and a vault made up for the run, whose library card number nothing
 * in the code can know. Each helper registers its own hooks in the calling test file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLevel } from '../../../contracts/livekit-schema.ts';
import { VaultIndex } from '../../../agent/vault-index.ts';
import { ROOT } from '../../support/paths.ts';
import {
  type OfflineBmoTestSession,
  recordingRoom,
  replyText,
  startOfflineBmoTestSession,
  toolCalls,
} from './bmo-session.ts';

/**
 * Opens the held-out vault for the file's tests and returns how to ask it: a new offline BMO in
 * `lang` per question (the one before closed), its cassettes, its words and the names of the tools
 * it called.
 */
export function askHeldOutVault(lang?: 'es') {
  let vault: VaultIndex;
  let bmo: OfflineBmoTestSession | undefined;
  beforeAll(async () => {
    vault = await VaultIndex.open(join(ROOT, 'tests/vaults/held-out'));
  });
  afterAll(() => vault.close());
  afterEach(async () => {
    await bmo?.close();
    bmo = undefined;
  });
  return async (question: string, access: AccessLevel = 'owner') => {
    const { room, cassettes } = recordingRoom();
    await bmo?.close();
    bmo = await startOfflineBmoTestSession({
      vault,
      access: () => access,
      resolveRoom: () => room,
      ...(lang ? { lang } : {}),
    });
    const result = await bmo.session.run({ userInput: question }).wait();
    return { cassettes, said: replyText(result), calls: toolCalls(result).map((c) => c.name) };
  };
}

type Ask = (
  question: string,
  options: Parameters<typeof startOfflineBmoTestSession>[0],
) => Promise<Parameters<typeof replyText>[0]>;

/**
 * "In a vault it has never seen": each question asks for a library card number made up for this
 * run; BMO puts exactly it on the cassette and its answer names the cassette (`saysCassette`).
 */
export function describeUnseenVault(ask: Ask, questions: readonly string[], saysCassette: RegExp) {
  describe('in a vault it has never seen', () => {
    let dir: string;
    let vault: VaultIndex;
    // an ID made up for this run: nothing in the code can know it
    const cardId = `LB-${randomBytes(3).toString('hex').toUpperCase()}-${Date.now() % 100_000}`;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'bmo-unseen-'));
      await mkdir(join(dir, 'Errands'));
      await writeFile(
        join(dir, 'Errands', 'Library.md'),
        `# Library\n\nOpen until 8 PM on weekdays.\n\n## Card\n\nLibrary card number: ${cardId}\nRenew it every March.\n`,
      );
      await writeFile(join(dir, 'Garden.md'), '# Garden\n\nWater the tomatoes every morning.\n');
      vault = await VaultIndex.open(dir);
    });
    afterAll(async () => {
      vault.close();
      await rm(dir, { recursive: true, force: true });
    });

    for (const question of questions) {
      it(`puts the card number on the cassette when asked "${question}"`, async () => {
        const { room, cassettes } = recordingRoom();
        const result = await ask(question, {
          vault,
          access: () => 'owner',
          resolveRoom: () => room,
        });
        expect(cassettes).toEqual([
          { type: 'cassette', title: expect.any(String), content: cardId },
        ]);
        expect(replyText(result)).toMatch(saysCassette);
      });
    }
  });
}
