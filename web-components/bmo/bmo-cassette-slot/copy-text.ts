/**
 * Copies text for the cassette dialog's Copy button. Uses the async Clipboard API where the page
 * may; where it may not (an insecure origin, a denied permission, an old browser) it selects the
 * text on screen instead, so the visitor can copy it with the keyboard.
 */
import { bmoEn, type BmoElementStrings } from '../i18n/en.ts';

export type CopyOutcome = 'copied' | 'selected' | 'failed';

export async function copyText(text: string, fallbackTarget?: Node | null): Promise<CopyOutcome> {
  const clipboard = globalThis.navigator?.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return 'copied';
    } catch {
      // Fall through to selecting the text.
    }
  }
  const selection = globalThis.getSelection?.();
  if (fallbackTarget && selection) {
    selection.removeAllRanges();
    const range = document.createRange();
    range.selectNodeContents(fallbackTarget);
    selection.addRange(range);
    return 'selected';
  }
  return 'failed';
}

/** What the dialog says after a copy attempt, in the slot's words. */
export function copyMessage(
  outcome: CopyOutcome,
  t: Pick<BmoElementStrings, 'copied' | 'copySelected' | 'copyByHand'> = bmoEn,
): string {
  switch (outcome) {
    case 'copied':
      return t.copied;
    case 'selected':
      return t.copySelected;
    case 'failed':
      return t.copyByHand;
  }
}
