import { expect, test } from '@playwright/test';
import { violations } from './helpers/axe.ts';

// Every page of the hosted site, audited with axe-core as a visitor first meets it, in both
// motion preferences. (CSP is bypassed for this audit only, to inject axe.)
test.use({ bypassCSP: true });

const ROUTES: [string, RegExp][] = [
  ['/', /Voice agents/],
  ['/reading', /reading/i],
  ['/reading/text', /reading/i],
  ['/reading/voice', /reading/i],
  ['/bmo', /BMO/],
  ['/docs', /Elements/],
  ['/no/such/page', /not found/i],
];

for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  for (const [path, heading] of ROUTES) {
    test(`${path} has no accessibility violations (${reducedMotion} motion)`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // A page that renders in parts (/docs) says so with aria-busy until the last is in.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await violations(page)).toEqual([]);
    });
  }
}
