/**
 * The browser's one way out for structured events (docs/architecture.md, "Events and logs"). Every
 * event is checked against the vocabulary in `contracts/events.ts` (strict checks, without zod)
 * before it leaves, then handed to the sinks: the console in development, `navigator.sendBeacon`
 * to an endpoint where one is configured (by `configureEvents({ endpoint })` or
 * `<meta name="va-events-endpoint" content="/api/events">`), and any sink a test or a host page
 * adds. No transcripts, prompts or secrets: the checks are strict, and the helpers below only ever
 * take counts, enums and short labels.
 */
import {
  type BeaconEvent,
  type LogEvent,
  isBeaconParamValue,
  isLogCode,
  isLogEvent,
} from '../../contracts/events.ts';

export type EventSink = (event: LogEvent) => void;

interface EventsConfig {
  /** Where `sendBeacon` posts each event; null for nowhere. */
  endpoint: string | null | undefined;
  /** Whether events are written to the console. */
  console: boolean;
}

function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    // No `process` in an unbundled page: treat it as production.
    return false;
  }
}

const config: EventsConfig = { endpoint: undefined, console: isDevelopment() };
const sinks = new Set<EventSink>();

/** Sets where events go. `endpoint: null` turns the beacon off; `console` overrides the default. */
export function configureEvents(options: { endpoint?: string | null; console?: boolean }): void {
  if ('endpoint' in options) config.endpoint = options.endpoint;
  if (typeof options.console === 'boolean') config.console = options.console;
}

/** Adds a sink that receives every valid event; returns the function that removes it. */
export function addEventSink(sink: EventSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

function endpoint(): string | null {
  if (config.endpoint !== undefined) return config.endpoint;
  const meta = globalThis.document?.querySelector<HTMLMetaElement>(
    'meta[name="va-events-endpoint"]',
  );
  return meta?.content || null;
}

/**
 * The event as a beacon carries it (`BeaconEvent`): codes and numbers where the log allows text.
 * An error's message becomes its code (the message itself when it is one, else its kind and
 * severity, `connection_error`) and its stack stays in the page; a tool parameter in words
 * becomes its length.
 */
export function beaconForm(event: LogEvent): BeaconEvent {
  if (event.event === 'error') {
    const { stack, ...rest } = event;
    void stack;
    const message = isLogCode(event.message) ? event.message : `${event.type}_${event.severity}`;
    return { ...rest, message };
  }
  if (event.event === 'tool_call') {
    const params = Object.fromEntries(
      Object.entries(event.params).map(([name, value]) => [
        name,
        isBeaconParamValue(value) || typeof value !== 'string' ? value : value.length,
      ]),
    );
    const { errorCode, ...rest } = event;
    const code = errorCode !== undefined && isLogCode(errorCode) ? errorCode : '';
    return { ...rest, params, ...(code ? { errorCode: code } : {}) };
  }
  return event;
}

function beacon(event: LogEvent): void {
  const url = endpoint();
  if (!url || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function')
    return;
  try {
    const body = JSON.stringify(beaconForm(event));
    navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  } catch {
    // A refused beacon (too large, page unloading) must never break the reading.
  }
}

/**
 * Emits one event. Returns false (and drops it) when it does not match the contract, so a bug that
 * would put stray fields in a log is caught here instead of leaking them.
 */
export function emitEvent(event: LogEvent): boolean {
  if (!isLogEvent(event)) {
    if (config.console) {
      console.warn('[events] dropped an event that does not match the contract', {
        event: (event as { event?: unknown }).event,
      });
    }
    return false;
  }
  const valid = event;
  if (config.console) {
    const log =
      valid.event === 'error' && valid.severity === 'error' ? console.error : console.info;
    log(`[events] ${valid.event}`, valid);
  }
  beacon(valid);
  for (const sink of sinks) {
    try {
      sink(valid);
    } catch {
      // One failing sink does not stop the others.
    }
  }
  return true;
}
