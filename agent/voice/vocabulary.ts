/**
 * BMO's vocabulary for the speech recognizer's prompt (OpenAI's `prompt` on a transcription): the
 * names of the notes this visitor may read, their titles and headings ("PhilHealth ID", "Guest
 * Wi-Fi", "Kyoto trip"). A small model hears a name far better when it is told to expect it. Who
 * may read what is decided first: a visitor's vocabulary comes from the public notes only, so no
 * private note's name ever shapes what their turn is heard as.
 */

/** Whisper reads the last 224 tokens of a prompt; this keeps it well inside. */
export const MAX_VOCABULARY_CHARS = 600;

/** The prompt: BMO's name, then the names in order, as many as fit; names with no letter left out. */
export function bmoVocabulary(names: readonly string[], maxChars = MAX_VOCABULARY_CHARS): string {
  let prompt = 'BMO';
  for (const name of names) {
    const clean = name.replace(/\s+/g, ' ').trim();
    if (!/\p{L}/u.test(clean)) continue;
    if (prompt.length + clean.length + 3 > maxChars) break;
    prompt += `, ${clean}`;
  }
  return `${prompt}.`;
}
