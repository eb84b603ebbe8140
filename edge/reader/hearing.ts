/**
 * Whether and how the offline reader hears, on this edge: local development only, where the stack
 * runs a speech recognizer and names it in RECOGNIZER_URL and RECOGNIZER_KEY. The Durable Object
 * hears with `readerTranscriber`; the token and health answers say `readerHears` so the page can
 * tell the visitor which they have, a reader that hears or a demo script.
 */
import type { SupportedLang } from '../../contracts/locale.ts';
import { RecognizerClient, type Transcriber } from '../../reader/hearing/transcriber.ts';
import { type Bindings, isLocalDevelopment } from '../env.ts';

export function readerTranscriber(env: Bindings): Transcriber | undefined {
  if (!isLocalDevelopment(env) || !env.RECOGNIZER_URL || !env.RECOGNIZER_KEY) return undefined;
  return new RecognizerClient({ url: env.RECOGNIZER_URL, key: env.RECOGNIZER_KEY });
}

/** Whether a reading in `lang` is heard here (the recognizer hears English only). */
export function readerHears(env: Bindings, lang: SupportedLang = 'en'): boolean {
  return readerTranscriber(env)?.languages.includes(lang) ?? false;
}
