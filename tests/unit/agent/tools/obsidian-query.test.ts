import { cp, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_VAULT_PATH } from '../../../../agent/config.ts';
import { OBSIDIAN_QUERY, queryVault } from '../../../../agent/tools/obsidian-query.ts';
import { VaultIndex, noteSections } from '../../../../agent/vault-index.ts';
import { type BmoTestSession, startBmoTestSession } from '../../helpers/bmo-session.ts';
import { lastUserText, toolOutputs } from '../../../support/openai-chat-standin.ts';

let dir: string;
let index: VaultIndex | undefined;
let bmo: BmoTestSession | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bmo-vault-'));
  await cp(SAMPLE_VAULT_PATH, dir, { recursive: true });
});

afterEach(async () => {
  await bmo?.close();
  bmo = undefined;
  index?.close();
  index = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('obsidian-query', () => {
  it('finds the PhilHealth ID when BMO searches for "philhealth id"', async () => {
    index = await VaultIndex.open(dir);
    bmo = await startBmoTestSession({
      vault: index,
      access: () => 'owner',
      script: [
        { toolCalls: [{ name: OBSIDIAN_QUERY, args: { query: 'philhealth id' } }] },
        { say: 'Your PhilHealth ID is 12-345678901-2.' },
      ],
    });
    const result = await bmo.session.run({ userInput: 'what is my philhealth id?' }).wait();
    result.expect
      .nextEvent()
      .isFunctionCall({ name: OBSIDIAN_QUERY, args: { query: 'philhealth id' } });
    result.expect.nextEvent().isFunctionCallOutput({ isError: false });
    result.expect.nextEvent().isMessage({ role: 'assistant' });

    // what the model was given to answer from
    const second = bmo.standin.request(1);
    expect(lastUserText(second)).toBe('what is my philhealth id?');
    const [output] = toolOutputs(second);
    expect(output?.name).toBe(OBSIDIAN_QUERY);
    const text: unknown = JSON.parse(output?.output ?? '""');
    expect(text).toMatch(/^Found \d passages? for "philhealth id":/);
    expect(text).toContain('1. Health insurance.md (section "Health insurance › PhilHealth ID")');
    expect(text).toContain('PhilHealth ID (PIN): 12-345678901-2');

    const logged = bmo.logs.find((e) => e.event === 'tool_call');
    expect(logged).toMatchObject({ tool: OBSIDIAN_QUERY, outcome: 'ok' });
    expect(JSON.stringify(bmo.logs)).not.toMatch(/philhealth|12-345678901-2/i);
  });

  it('says plainly when the vault is missing', () => {
    const missing = queryVault(undefined, { query: 'anything' });
    expect(missing.outcome).toBe('unavailable');
    expect(missing.output).toMatch(/^Error: the notes vault is not available/);
  });

  it('answers no match with a hint', async () => {
    index = await VaultIndex.open(dir);
    const reply = queryVault(index, { query: 'zyzzyva' });
    expect(reply.outcome).toBe('not_found');
    expect(reply.output).toBe(
      'No notes match "zyzzyva". Try other keywords, or tell the user nothing was found.',
    );
  });

  it('ranks a note whose title matches above notes that only mention the words', async () => {
    await writeFile(
      join(dir, 'Packing list.md'),
      '# Packing list\n\nFor kyoto: kyoto guidebook, kyoto rail pass, kyoto umbrella, adapter.\n',
    );
    index = await VaultIndex.open(dir);
    const passages = index.search('kyoto', 5);
    expect(passages[0]?.path).toBe('Travel - Kyoto.md');
    expect(passages.map((p) => p.path)).toContain('Packing list.md');
  });

  it('searches headings, front matter tags, inline #tags and front matter fields', async () => {
    index = await VaultIndex.open(dir);
    expect(index.search('main network')[0]?.heading).toBe('Home Wi-Fi › Main network');
    expect(index.search('errands')[0]?.path).toBe('Daily/2026-11-20.md'); // inline #errands
    expect(index.search('japan')[0]?.path).toBe('Travel - Kyoto.md'); // front matter tag
    expect(index.search('Archer')[0]?.path).toBe('Home Wi-Fi.md'); // front matter field
  });

  it('returns the matching section trimmed, with its note path, best first', async () => {
    const long = Array.from({ length: 80 }, (_, i) => `Line ${i} of filler text.`).join('\n');
    await writeFile(
      join(dir, 'Manual.md'),
      `# Manual\n\n## Setup\n\n${long}\nThe serial number is SN-4471-XQ.\n${long}\n`,
    );
    index = await VaultIndex.open(dir);
    const [top] = index.search('serial number', 1);
    expect(top?.path).toBe('Manual.md');
    expect(top?.heading).toBe('Manual › Setup');
    expect(top?.text).toContain('SN-4471-XQ');
    expect(top?.text.length).toBeLessThanOrEqual(602);
    expect(top?.text.startsWith('…')).toBe(true);
  });

  it('honours the limit and returns at most two passages per note', async () => {
    index = await VaultIndex.open(dir);
    expect(index.search('the', 1)).toHaveLength(1);
    const passages = index.search('recipes minutes', 10);
    expect(passages.filter((p) => p.path === 'Recipes.md').length).toBeLessThanOrEqual(2);
  });

  it('picks up edited, new and deleted notes while running', async () => {
    const reindexed = vi.fn();
    index = await VaultIndex.open(dir, { watch: true, debounceMs: 50, onReindex: reindexed });
    expect(index.search('zanzibar')).toHaveLength(0);

    // a new note
    await writeFile(join(dir, 'Zanzibar.md'), '# Zanzibar\n\nFerry ticket code: ZNZ-2201.\n');
    await vi.waitFor(() => expect(index?.search('zanzibar')[0]?.path).toBe('Zanzibar.md'), {
      timeout: 5_000,
    });

    // an edited note: the new text is found, the old one is gone
    await writeFile(
      join(dir, 'Guest Wi-Fi.md'),
      '# Guest Wi-Fi\n\n## Guest network\n\nGuest password: mango-tree-9902\n',
    );
    await vi.waitFor(
      () => expect(index?.search('guest password')[0]?.text).toContain('mango-tree-9902'),
      { timeout: 5_000 },
    );
    expect(index.search('lemon-grab-4417').some((p) => p.text.includes('lemon-grab-4417'))).toBe(
      false,
    );

    // a new note in a new folder
    await cp(join(dir, 'Recipes.md'), join(dir, 'Archive', 'Old recipes.md'), { recursive: true });
    await vi.waitFor(() => expect(index?.notePaths()).toContain('Archive/Old recipes.md'), {
      timeout: 5_000,
    });

    // a deleted note
    await unlink(join(dir, 'Zanzibar.md'));
    await vi.waitFor(() => expect(index?.search('zanzibar')).toHaveLength(0), { timeout: 5_000 });

    // only the changed files were re-indexed
    const updatedTotal = reindexed.mock.calls
      .map(([change]: unknown[]) =>
        typeof change === 'object' && change !== null && 'updated' in change
          ? Number(change.updated)
          : 0,
      )
      .reduce((sum, n) => sum + n, 0);
    expect(updatedTotal).toBeLessThanOrEqual(4);
  });

  it('splits a note into heading sections carrying its title, tags and properties', () => {
    const sections = noteSections(
      'Notes/Car.md',
      '---\ntags: [car]\nplate: ABC 1234\n---\n# Car\n\nBlue hatchback. #vehicle\n\n## Insurance\n\nPolicy 99-1.\n\n```\n# not a heading\n```\n',
    );
    expect(sections.map((s) => s.heading)).toEqual(['Car', 'Car › Insurance']);
    expect(sections[0]).toMatchObject({
      path: 'Notes/Car.md',
      title: 'Car',
      tags: 'car vehicle',
      frontmatter: 'plate: ABC 1234',
    });
    expect(sections[1]?.frontmatter).toBe('');
    expect(sections[1]?.body).toContain('# not a heading');
  });

  it('refuses a vault folder that does not exist with a clear error', async () => {
    await expect(VaultIndex.open(join(dir, 'nope'))).rejects.toThrow(/is not a readable folder/);
  });
});
