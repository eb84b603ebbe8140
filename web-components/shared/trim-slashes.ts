/**
 * `text` without its trailing slashes, in one pass from the end. (The regular expression
 * `/\/+$/` does the same but retries from every slash of a long run, quadratic in its length.)
 */
export function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end -= 1;
  return text.slice(0, end);
}
