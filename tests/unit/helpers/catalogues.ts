/**
 * Every element family's catalogues, English and the others, for the tests that check that no
 * word lacks a translation (unit) and that the elements show them (browser).
 */
import { bmoEn } from '../../../web-components/bmo/i18n/en.ts';
import { bmoEs } from '../../../web-components/bmo/i18n/es.ts';
import { bmoConversationEn } from '../../../web-components/bmo/i18n/conversation-en.ts';
import { bmoConversationEs } from '../../../web-components/bmo/i18n/conversation-es.ts';
import { tarotEn } from '../../../web-components/tarot/i18n/en.ts';
import { tarotEs } from '../../../web-components/tarot/i18n/es.ts';
import { voiceEn } from '../../../web-components/voice/i18n/en.ts';
import { voiceEs } from '../../../web-components/voice/i18n/es.ts';

export interface FamilyCatalogues {
  family: string;
  en: Record<string, unknown>;
  others: Record<string, Record<string, unknown>>;
}

export const CATALOGUES: FamilyCatalogues[] = [
  { family: 'bmo', en: bmoEn, others: { es: bmoEs } },
  { family: 'bmo conversation', en: bmoConversationEn, others: { es: bmoConversationEs } },
  { family: 'tarot', en: tarotEn, others: { es: tarotEs } },
  { family: 'voice', en: voiceEn, others: { es: voiceEs } },
];
