/**
 * The tarot family's strings in English: every word `<tarot-card>`, `<tarot-card-stage>`,
 * `<tarot-card-picker>`, `<tarot-reading>` and its reading views show or announce. Other languages
 * have the same keys (`es.ts`, `fr.ts`, …, loaded when an element asks for one); a host overrides
 * any of them through the element's `strings` property (on `<tarot-reading>`, for its views too).
 * It is made of three parts, each loaded with the elements that show it: the root's
 * (`root-en.ts`), the card elements' (`cards-en.ts`) and the reading views' (`views-en.ts`).
 */
import { type TarotCardsStrings, tarotCardsEn } from './cards-en.ts';
import { type TarotRootStrings, tarotRootEn } from './root-en.ts';
import { type TarotViewsStrings, tarotViewsEn } from './views-en.ts';

export type TarotStrings = TarotRootStrings & TarotCardsStrings & TarotViewsStrings;

export const tarotEn: TarotStrings = { ...tarotRootEn, ...tarotCardsEn, ...tarotViewsEn };
