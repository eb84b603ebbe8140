import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT } from '../../support/paths.ts';

/** axe-core's violations on the whole page, shadow roots included. */
export async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
    interface Result {
      violations: { id: string; nodes: { target: unknown[] }[] }[];
    }
    const axe = Reflect.get(window, 'axe') as { run(): Promise<Result> };
    const result = await axe.run();
    return result.violations.map(
      (v) => `${v.id} ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
    );
  });
}
