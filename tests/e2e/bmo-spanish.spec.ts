import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { bmoEs } from '../../web-components/bmo/i18n/strings-es.ts';
import { startAgentWorker, type AgentWorker } from '../support/agent-worker.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { ROOT } from '../support/paths.ts';
import { violations } from './helpers/axe.ts';

// BMO in the visitor's language, end to end: a Spanish question to the offline BMO (the real
// worker and livekit-server, the hosted page) that brings the cassette, read in Spanish and
// axe-clean (the reading in Spanish: languages.spec.ts).

test.describe('the offline BMO in Spanish', () => {
  // The hosted page's CSP is bypassed here only, to inject axe.
  test.use({ bypassCSP: true });
  // One worker serves `bmo` for this group, as in bmo.spec.ts.
  const state: { worker?: AgentWorker } = {};
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const { LIVEKIT_URL: url, LIVEKIT_API_KEY: key, LIVEKIT_API_SECRET: secret } = process.env;
    if (!url || !key || !secret) throw new Error('the global setup did not start LiveKit');
    state.worker = await startAgentWorker(
      {
        LIVEKIT_URL: url,
        LIVEKIT_API_KEY: key,
        LIVEKIT_API_SECRET: secret,
        BMO_AGENT_HTTP_PORT: String(await freeTcpPort()),
      },
      { mode: 'start', echo: process.env.ECHO_WORKER === '1' },
    );
  });
  test.afterAll(async () => {
    await state.worker?.stop();
  });
  test.describe.configure({ timeout: 150_000 });

  test('asked in Spanish for the PhilHealth ID, BMO answers in Spanish and brings the cassette', async ({
    page,
  }) => {
    const note = readFileSync(join(ROOT, 'agent/vault/Health insurance.md'), 'utf8');
    const id = /PhilHealth ID \(PIN\):\s*(\S+)/.exec(note)?.[1] ?? 'missing';
    await page.goto('/bmo');
    const assistant = page.locator('bmo-assistant');
    await assistant.evaluate((element) => element.setAttribute('lang', 'es'));
    await page
      .locator('bmo-cassette-slot')
      .evaluate((element) => element.setAttribute('lang', 'es'));
    await page.getByRole('button', { name: bmoEs.connect, exact: true }).click();
    const box = page.getByRole('textbox', { name: bmoEs.typeLabel });
    await expect(box).toBeEnabled({ timeout: 60_000 });
    const items = page.getByRole('log').getByRole('listitem');
    await expect(items.first()).toContainText('BMO', { timeout: 30_000 });
    const before = await items.count();
    await box.fill('¿Cuál es mi ID de PhilHealth?');
    await box.press('Enter');
    await expect(items.nth(before + 1)).toContainText(/casete/, { timeout: 30_000 });

    const open = page.getByRole('button', { name: bmoEs.cassetteOpen('PhilHealth ID') });
    await expect(open).toBeVisible({ timeout: 30_000 });
    await open.click();
    await expect(page.getByRole('dialog').locator('[part="content"]')).toHaveText(id);
    await page.keyboard.press('Escape');
    expect(await violations(page)).toEqual([]);
  });
});
