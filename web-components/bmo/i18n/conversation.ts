/**
 * The strings of a conversation with BMO in the assistant's language: English with the session,
 * another language loaded (once) when a conversation in it starts.
 */
import type { SupportedLang } from '../../../contracts/locale.ts';
import { bmoConversationEn } from './conversation-en.ts';

type ConversationStrings = typeof bmoConversationEn;

const LOADERS: Partial<Record<SupportedLang, () => Promise<ConversationStrings>>> = {
  es: () => import('./conversation-es.ts').then((m) => m.bmoConversationEs),
  fr: () => import('./conversation-fr.ts').then((m) => m.bmoConversationFr),
  de: () => import('./conversation-de.ts').then((m) => m.bmoConversationDe),
  pt: () => import('./conversation-pt.ts').then((m) => m.bmoConversationPt),
  ja: () => import('./conversation-ja.ts').then((m) => m.bmoConversationJa),
  ar: () => import('./conversation-ar.ts').then((m) => m.bmoConversationAr),
};

/** The conversation's strings in `lang`; English when it has none or they cannot load. */
export async function conversationStrings(lang: SupportedLang): Promise<ConversationStrings> {
  const load = LOADERS[lang];
  if (!load) return bmoConversationEn;
  try {
    return await load();
  } catch {
    return bmoConversationEn;
  }
}
