// The hosted page's entry: the live region every page announces through, and the router.
import '../voice/voice-announcer/voice-announcer.ts';
import { startRouter } from './router.ts';

const main = document.getElementById('main');
if (main) startRouter(main);
