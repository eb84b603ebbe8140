import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { bmoEs } from '../../web-components/bmo/i18n/es.ts';
import { startAgentWorker, type AgentWorker } from '../support/agent-worker.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { ROOT } from '../support/paths.ts';
import { violations } from './helpers/axe.ts';
import { askBmo } from './helpers/bmo-chat.ts';

// BMO in the visitor's language, end to end: a conversation in Spanish with the offline BMO (the
// real worker and livekit-server, the hosted page), its questions read as Spanish and answered in
// Spanish, two of them bringing the cassette, read in Spanish and axe-clean (the reading in
// Spanish: languages.spec.ts).

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

  test('a conversation in Spanish: the PhilHealth ID and the guest Wi-Fi on the cassette, the time in Tokyo, the date, a recipe, who BMO is and a passport the notes lack, each answered in Spanish', async ({
    page,
  }) => {
    const note = readFileSync(join(ROOT, 'agent/vault/Health insurance.md'), 'utf8');
    const id = /PhilHealth ID \(PIN\):\s*(\S+)/.exec(note)?.[1] ?? 'missing';
    const wifi = readFileSync(join(ROOT, 'agent/vault/Guest Wi-Fi.md'), 'utf8');
    const password = /Guest password:\s*(\S+)/.exec(wifi)?.[1] ?? 'missing';
    await page.goto('/bmo');
    const assistant = page.locator('bmo-assistant');
    await assistant.evaluate((element) => element.setAttribute('lang', 'es'));
    await page
      .locator('bmo-cassette-slot')
      .evaluate((element) => element.setAttribute('lang', 'es'));
    await page.getByRole('button', { name: bmoEs.connect, exact: true }).click();
    await expect(page.getByRole('textbox', { name: bmoEs.typeLabel })).toBeEnabled({
      timeout: 60_000,
    });
    const ask = (question: string) => askBmo(assistant, question, bmoEs.typeLabel);

    const philhealth = await ask('¿Cuál es mi ID de PhilHealth?');
    await expect(philhealth).toContainText(`PhilHealth ID es ${id}`, { timeout: 30_000 });
    await expect(philhealth).toContainText('casete');
    const open = page.getByRole('button', { name: bmoEs.cassetteOpen('PhilHealth ID') });
    await expect(open).toBeVisible({ timeout: 30_000 });
    await open.click();
    await expect(page.getByRole('dialog').locator('[part="content"]')).toHaveText(id);
    await page.keyboard.press('Escape');

    const guest = await ask('¿Cuál es la contraseña del wifi de invitados?');
    await expect(guest).toContainText(password, { timeout: 30_000 });
    await expect(
      page.getByRole('button', { name: bmoEs.cassetteOpen('Guest password') }),
    ).toBeVisible({ timeout: 30_000 });

    const time = await ask('¿Qué hora es en Tokio?');
    await expect(time).toContainText(/(Son las|Es la) \d{1,2}:\d\d del \p{L}+, .* en Tokio/u, {
      timeout: 30_000,
    });
    const today = await ask('¿Qué día es hoy?');
    await expect(today).toContainText(/Hoy es \p{L}+, \d{1,2} de \p{L}+ de \d{4}/u, {
      timeout: 30_000,
    });
    const recipe = await ask('¿Cómo hago tortitas?');
    await expect(recipe).toContainText('Esto dice tu nota «Recipes»', { timeout: 30_000 });
    await expect(recipe).toContainText('2 cups flour');
    const who = await ask('¿Quién eres?');
    await expect(who).toContainText('¡Soy BMO', { timeout: 30_000 });
    const passport = await ask('¿Cuál es mi número de pasaporte?');
    await expect(passport).toContainText('no ha encontrado nada', { timeout: 30_000 });

    expect(await violations(page)).toEqual([]);
  });
});
