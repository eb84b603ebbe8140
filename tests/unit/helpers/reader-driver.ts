/**
 * The scripted Realtime client (tests/support/reader-driver.ts) wired straight to the reader's
 * engine in this process, for the unit tests and the reader bench.
 */
import type { SupportedLang } from '../../../contracts/locale.ts';
import { ReaderSession } from '../../../reader/protocol/engine.ts';
import { type DriverOptions, ReaderDriver } from '../../support/reader-driver.ts';

export * from '../../support/reader-driver.ts';

/** A driver wired straight to a `ReaderSession` in this process; frames are handled in order. */
export function inProcess(
  options: Omit<DriverOptions, 'transmit'> & { now?: () => number; lang?: SupportedLang } = {},
): {
  driver: ReaderDriver;
  session: ReaderSession;
} {
  const outbox: string[] = [];
  let pumping = false;
  // Frames the session sends while handling one are queued, never handled re-entrantly.
  const pump = () => {
    if (pumping) return;
    pumping = true;
    try {
      for (let raw = outbox.shift(); raw !== undefined; raw = outbox.shift()) {
        session.handleMessage(raw);
      }
    } finally {
      pumping = false;
    }
  };
  const driver = new ReaderDriver({
    ...options,
    transmit: (raw) => {
      outbox.push(raw);
      pump();
    },
  });
  const session = new ReaderSession({
    send: (event) => driver.receive(JSON.stringify(event)),
    ...(options.now ? { now: options.now } : {}),
    ...(options.lang ? { lang: options.lang } : {}),
  });
  session.start();
  return { driver, session };
}
