/**
 * `text` without its trailing slashes, in one pass from the end. (The regular expression
 * `/\/+$/` does the same but retries from every slash of a long run, quadratic in its length.)
 */
import { trimEnd } from '../../contracts/text.ts';

export function trimTrailingSlashes(text: string): string {
  return trimEnd(text, '/');
}
