import { expect, test } from '@playwright/test';
import { appAr } from '../../web-components/app/i18n/ar.ts';
import { bmoAr } from '../../web-components/bmo/i18n/ar.ts';
import { startAgentWorker, type AgentWorker } from '../support/agent-worker.ts';
import { freeTcpPort } from '../support/free-port.ts';
import { violations } from './helpers/axe.ts';
import { askBmo } from './helpers/bmo-chat.ts';

// BMO on the hosted page for a visitor whose browser speaks Arabic, end to end (the real worker
// and livekit-server): the page and the assistant in Arabic, right to left; the offline BMO,
// which reads and writes English only, says so once in Arabic and answers in English (with a key,
// BMO's model is told to answer in Arabic: tests/unit/agent/prompt.test.ts). The BMO in Spanish
// that the offline model speaks: bmo-spanish.spec.ts.

test.describe('the offline BMO for an Arabic-speaking visitor', () => {
  // The hosted page's CSP is bypassed here only, to inject axe.
  test.use({ bypassCSP: true, locale: 'ar-EG' });
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

  test('the page in Arabic, right to left; BMO says once, in Arabic, that it answers in English, and does; axe-clean', async ({
    page,
  }) => {
    await page.goto('/bmo');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(appAr.bmoHeading);
    const assistant = page.locator('bmo-assistant');
    await assistant.getByRole('button', { name: bmoAr.connect, exact: true }).click();
    await expect(assistant.getByRole('textbox', { name: bmoAr.typeLabel })).toBeEnabled({
      timeout: 60_000,
    });
    const notice = assistant.locator('[part="notice"]');
    await expect(notice).toHaveText(bmoAr.offlineNotice);
    await expect(notice).toHaveCount(1);

    const time = await askBmo(assistant, 'What time is it in Tokyo?', bmoAr.typeLabel);
    await expect(time).toContainText(/It's \d{1,2}:\d\d [AP]M .*Tokyo/, { timeout: 30_000 });
    expect(await violations(page)).toEqual([]);
  });
});
