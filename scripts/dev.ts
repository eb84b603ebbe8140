/**
 * `npm run dev`: the same local stack as `npm start` (scripts/stack.ts) with hot reload: Vite in
 * front (it proxies /api to the edge), and the agent worker restarted when its files change.
 * Secrets in .dev.vars are read with Node's own parser; nothing reaches for the network. Ctrl-C
 * stops every part.
 */
import { runOrStop, startStack } from './stack.ts';

runOrStop(() => startStack({ dev: true }));
