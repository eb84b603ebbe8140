import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { motionSettled } from '../../support/motion.ts';
import { ROOT } from '../../support/paths.ts';

/**
 * axe-core's violations on the whole page, shadow roots included, once nothing on it is moving
 * (a message fading in fails contrast for a few frames, which a visitor never sees at rest).
 */
export async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
  // the function itself goes to the page (a wrapper calling it would name what the page lacks)
  await page.evaluate(motionSettled as () => Promise<void>);
  return page.evaluate(async () => {
    interface Result {
      violations: { id: string; help: string; nodes: { target: unknown[] }[] }[];
    }
    const axe = Reflect.get(window, 'axe') as { run(): Promise<Result> };
    const result = await axe.run();
    return result.violations.map(
      (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
    );
  });
}
