/**
 * The unit and browser layers of `npm test`, side by side. The unit layer keeps both cores busy
 * (its waiting files overlap its others), while the browser layer mostly waits on Chromium (about
 * 0.6 of a core): one after the other they left a core idle for the browser layer's whole run.
 * Both layers pass beside two busy loops, so each is a fair load for the other. Their outputs are
 * printed whole, unit first, once both have ended.
 */
import { sideBySide } from './side-by-side.ts';

await sideBySide('test', [
  ['unit', 'npx', ['vitest', 'run']],
  ['browser', 'npx', ['web-test-runner']],
]);
