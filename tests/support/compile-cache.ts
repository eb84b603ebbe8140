/**
 * One Node compile cache for every Node process a test layer starts (its workers, `wrangler dev`,
 * the BMO worker and its job processes, npm and the bundlers): each compiles a module once per
 * run rather than once per process. It lives in `node_modules/.cache`, so a fresh clone starts
 * empty and fills it as it goes, and what it holds is only V8's compiled code, checked against
 * each module's source before use. `NODE_COMPILE_CACHE`, when set, wins.
 */
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

export function shareCompileCache(): void {
  process.env.NODE_COMPILE_CACHE ??= join(ROOT, 'node_modules', '.cache', 'node-compile-cache');
  enableCompileCache(process.env.NODE_COMPILE_CACHE);
}
