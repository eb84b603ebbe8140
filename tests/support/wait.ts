/**
 * Waiting for a state in unit tests, shared so each file does not keep its own polling loop:
 * `vi.waitFor` retries `find` until it returns a value (not undefined, not false), or fails with
 * what was awaited.
 */
import { vi } from 'vitest';

export function until<T>(
  find: () => T | undefined | false,
  what: string,
  timeout = 5000,
): Promise<T> {
  return vi.waitFor(
    () => {
      const found = find();
      if (found === undefined || found === false) throw new Error(`Timed out waiting for ${what}`);
      return found;
    },
    { timeout, interval: 5 },
  );
}
