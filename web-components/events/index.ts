/**
 * The browser's one way out for structured events (docs/architecture.md, "Events and logs"). Every
 * event is checked against the vocabulary in `contracts/events.ts` (strict checks, without zod)
 * before it leaves, then handed to the sinks: the console in development, `navigator.sendBeacon`
 * to an endpoint where one is configured (by `configureEvents({ endpoint })` or
 * `<meta name="va-events-endpoint" content="/api/events">`), and any sink a test or a host page
 * adds. No transcripts, prompts or secrets: the checks are strict, and the helpers only ever take
 * counts, enums and short labels.
 */
export * from './emit.ts';
export * from './describe.ts';
export * from './session-log.ts';
