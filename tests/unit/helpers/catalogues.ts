/**
 * Every catalogue, English and the others: the element families', the sessions' and the hosted
 * page's, for the test that checks that no word lacks a translation.
 */
import { bmoAr } from '../../../web-components/bmo/i18n/ar.ts';
import { bmoConversationAr } from '../../../web-components/bmo/i18n/conversation-ar.ts';
import { bmoConversationDe } from '../../../web-components/bmo/i18n/conversation-de.ts';
import { bmoConversationEn } from '../../../web-components/bmo/i18n/conversation-en.ts';
import { bmoConversationEs } from '../../../web-components/bmo/i18n/conversation-es.ts';
import { bmoConversationFr } from '../../../web-components/bmo/i18n/conversation-fr.ts';
import { bmoConversationJa } from '../../../web-components/bmo/i18n/conversation-ja.ts';
import { bmoConversationPt } from '../../../web-components/bmo/i18n/conversation-pt.ts';
import { bmoDe } from '../../../web-components/bmo/i18n/de.ts';
import { bmoEn } from '../../../web-components/bmo/i18n/en.ts';
import { bmoEs } from '../../../web-components/bmo/i18n/es.ts';
import { bmoFr } from '../../../web-components/bmo/i18n/fr.ts';
import { bmoJa } from '../../../web-components/bmo/i18n/ja.ts';
import { bmoPt } from '../../../web-components/bmo/i18n/pt.ts';
import { tarotAr } from '../../../web-components/tarot/i18n/ar.ts';
import { tarotDe } from '../../../web-components/tarot/i18n/de.ts';
import { tarotEn } from '../../../web-components/tarot/i18n/en.ts';
import { tarotEs } from '../../../web-components/tarot/i18n/es.ts';
import { tarotFr } from '../../../web-components/tarot/i18n/fr.ts';
import { tarotJa } from '../../../web-components/tarot/i18n/ja.ts';
import { tarotPt } from '../../../web-components/tarot/i18n/pt.ts';
import { voiceAr } from '../../../web-components/voice/i18n/ar.ts';
import { voiceDe } from '../../../web-components/voice/i18n/de.ts';
import { ALL_VOICE_STRINGS_EN } from '../../../web-components/voice/i18n/start-audio-en.ts';
import { voiceEs } from '../../../web-components/voice/i18n/es.ts';
import { voiceFr } from '../../../web-components/voice/i18n/fr.ts';
import { voiceJa } from '../../../web-components/voice/i18n/ja.ts';
import { voicePt } from '../../../web-components/voice/i18n/pt.ts';
import { tarotSessionEs } from '../../../web-components/tarot/i18n/session-es.ts';
import { appEs } from '../../../web-components/app/i18n/es.ts';
import { docsEs } from '../../../web-components/app/i18n/docs-es.ts';
import { tarotSessionFr } from '../../../web-components/tarot/i18n/session-fr.ts';
import { appFr } from '../../../web-components/app/i18n/fr.ts';
import { docsFr } from '../../../web-components/app/i18n/docs-fr.ts';
import { tarotSessionDe } from '../../../web-components/tarot/i18n/session-de.ts';
import { appDe } from '../../../web-components/app/i18n/de.ts';
import { docsDe } from '../../../web-components/app/i18n/docs-de.ts';
import { tarotSessionPt } from '../../../web-components/tarot/i18n/session-pt.ts';
import { appPt } from '../../../web-components/app/i18n/pt.ts';
import { docsPt } from '../../../web-components/app/i18n/docs-pt.ts';
import { tarotSessionJa } from '../../../web-components/tarot/i18n/session-ja.ts';
import { appJa } from '../../../web-components/app/i18n/ja.ts';
import { docsJa } from '../../../web-components/app/i18n/docs-ja.ts';
import { tarotSessionAr } from '../../../web-components/tarot/i18n/session-ar.ts';
import { appAr } from '../../../web-components/app/i18n/ar.ts';
import { docsAr } from '../../../web-components/app/i18n/docs-ar.ts';
import { tarotSessionEn } from '../../../web-components/tarot/i18n/session-en.ts';
import { headerEn } from '../../../web-components/app/i18n/header-en.ts';
import { homeEn } from '../../../web-components/app/i18n/home-en.ts';
import { readingEn } from '../../../web-components/app/i18n/reading-en.ts';
import { bmoPageEn } from '../../../web-components/app/i18n/bmo-en.ts';
import { notFoundEn } from '../../../web-components/app/i18n/not-found-en.ts';
import { docsEn } from '../../../web-components/app/i18n/docs-en.ts';
import type { SupportedLang } from '../../../contracts/locale.ts';

/** Every language but English. */
export type OtherLang = Exclude<SupportedLang, 'en'>;

export interface FamilyCatalogues {
  family: string;
  en: Record<string, unknown>;
  others: Record<OtherLang, Record<string, unknown>>;
}

export const CATALOGUES: FamilyCatalogues[] = [
  {
    family: 'bmo',
    en: bmoEn,
    others: { es: bmoEs, fr: bmoFr, de: bmoDe, pt: bmoPt, ja: bmoJa, ar: bmoAr },
  },
  {
    family: 'bmo conversation',
    en: bmoConversationEn,
    others: {
      es: bmoConversationEs,
      fr: bmoConversationFr,
      de: bmoConversationDe,
      pt: bmoConversationPt,
      ja: bmoConversationJa,
      ar: bmoConversationAr,
    },
  },
  {
    family: 'tarot',
    en: tarotEn,
    others: { es: tarotEs, fr: tarotFr, de: tarotDe, pt: tarotPt, ja: tarotJa, ar: tarotAr },
  },
  {
    family: 'voice',
    en: ALL_VOICE_STRINGS_EN,
    others: { es: voiceEs, fr: voiceFr, de: voiceDe, pt: voicePt, ja: voiceJa, ar: voiceAr },
  },
  {
    family: 'tarot session',
    en: tarotSessionEn,
    others: {
      es: tarotSessionEs,
      fr: tarotSessionFr,
      de: tarotSessionDe,
      pt: tarotSessionPt,
      ja: tarotSessionJa,
      ar: tarotSessionAr,
    },
  },
  {
    family: 'the hosted page',
    en: { ...headerEn, ...homeEn, ...readingEn, ...bmoPageEn, ...notFoundEn },
    others: { es: appEs, fr: appFr, de: appDe, pt: appPt, ja: appJa, ar: appAr },
  },
  {
    family: 'the hosted page’s /docs',
    en: docsEn,
    others: { es: docsEs, fr: docsFr, de: docsDe, pt: docsPt, ja: docsJa, ar: docsAr },
  },
];
