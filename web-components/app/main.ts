// The hosted page's entry: the page's language (a page that may not be English loads
// page-language.ts, which chooses it and loads its strings, and the first route waits for them, so
// a page in another language never shows English first), the language switch (its code loads
// when it is used), the live region every page announces through, and the router.
import '../voice/voice-announcer/voice-announcer.ts';
import { surelyEnglish } from './language.ts';
import { showStrings, startRouter } from './router.ts';

const language = () => import('./page-language.ts');
document
  .querySelector('select[name="language"]')
  ?.addEventListener(
    'change',
    (event) => void language().then((m) => m.switchLanguage(event, showStrings)),
  );
const main = document.getElementById('main');
if (main)
  startRouter(main, surelyEnglish() ? undefined : language().then((m) => m.showPageLanguage()));
