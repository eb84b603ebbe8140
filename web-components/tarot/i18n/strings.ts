/**
 * How the tarot family's elements find their strings (English at once, other languages on
 * demand), and the words the reading views build from them: a card as it lies, a spread row.
 */
import { LocaleController, type LocaleHost } from '../../shared/i18n/locale-controller.ts';
import type { SpreadRow } from '../../stores/reading.ts';
import { tarotEn, type TarotStrings } from './en.ts';

const loadEs = (): Promise<TarotStrings> => import('./es.ts').then((m) => m.tarotEs);

/** A tarot element's language and strings (its `lang`, an ancestor's or the page's). */
export function tarotLocale(host: LocaleHost): LocaleController<TarotStrings> {
  return new LocaleController(host, tarotEn, { es: loadEs });
}

/** "The Fool, reversed" / "El Loco, invertida", in the view's language. */
export function cardAsLies(t: TarotStrings, cardId: string, reversed: boolean): string {
  return t.cardAs(t.cardName(cardId), reversed);
}

/** A card named as the conversation and the spread show it: reversed said, upright not. */
export function cardShort(t: TarotStrings, cardId: string, reversed: boolean): string {
  return reversed ? cardAsLies(t, cardId, true) : t.cardName(cardId);
}

/** A spread row's value: the card (reversed said), or that it is not drawn yet. */
export function spreadRowWords(t: TarotStrings, row: SpreadRow): string {
  return row.card ? cardShort(t, row.card.cardId, row.card.reversed) : t.notDrawnYet;
}
