/**
 * The agent worker's structured events: one line of JSON per event on stdout, in the project's
 * event vocabulary (contracts/events.ts; docs/architecture.md, "Events and logs"). Fields are primitives chosen by the caller: never a
 * transcript, a prompt, a tool's arguments or output, a token or a key.
 *
 * The SDK logs separately through its own pino logger; these lines are ours, and they carry
 * `"source":"bmo"` so a log pipeline can tell them apart.
 */

export type AgentEventName =
  | 'worker_start'
  | 'config_error'
  | 'vault_indexed'
  | 'vault_reindexed'
  | 'vault_error'
  | 'job_start'
  | 'job_limit'
  | 'job_refused'
  | 'job_end'
  | 'tool_call'
  | 'cassette_resend'
  | 'speech_heard'
  | 'speech_unheard'
  | 'speech_failed'
  | 'error';

export type LogLevel = 'info' | 'warn' | 'error';

export type LogValue = string | number | boolean | null | undefined;
export type LogFields = Record<string, LogValue>;

export interface AgentLogEntry extends LogFields {
  ts: string;
  level: LogLevel;
  source: 'bmo';
  event: AgentEventName;
}

type Sink = (entry: AgentLogEntry) => void;

const stdoutSink: Sink = (entry) => {
  process.stdout.write(`${JSON.stringify(entry)}\n`);
};

let sink: Sink = stdoutSink;

/** Routes events elsewhere (tests); returns a function that restores the previous sink. */
export function setLogSink(next: Sink): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

export function logEvent(event: AgentEventName, fields: LogFields = {}, level: LogLevel = 'info') {
  const entry: AgentLogEntry = {
    ...fields,
    ts: new Date().toISOString(),
    level,
    source: 'bmo',
    event,
  };
  try {
    sink(entry);
  } catch {
    // logging must never take the agent down
  }
}

/** An error's class and message, without its stack or any payload. */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message };
  return { errorName: 'NonError', errorMessage: String(error) };
}

/** A JSON log line with the value of every `lk.pii.*` field replaced by `[redacted]`. */
function redactLine(line: string): string {
  if (!line.includes('"lk.pii.')) return line;
  try {
    const entry: unknown = JSON.parse(line);
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return line;
    return JSON.stringify(
      Object.fromEntries(
        Object.entries(entry).map(([key, value]) => [
          key,
          key.startsWith('lk.pii.') ? '[redacted]' : value,
        ]),
      ),
    );
  } catch {
    // not JSON: keep the line up to the first such field
    return `${line.slice(0, line.indexOf('"lk.pii.'))}[redacted]`;
  }
}

/** Log output (one or more lines) with every `lk.pii.*` value (user input, tool arguments) blanked. */
export function redactPii(text: string): string {
  return text.includes('"lk.pii.') ? text.split('\n').map(redactLine).join('\n') : text;
}

let redacting = false;

/**
 * The SDK logs what the visitor typed under `lk.pii.*` keys, some at warning level (e.g. "skipping
 * user input" while a session closes), and tool arguments at info. This filter on the process's
 * stdout and stderr blanks those values, so no visitor text reaches the logs whatever LOG_LEVEL is.
 */
export function redactSdkPii(): void {
  if (redacting) return;
  redacting = true;
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) =>
      write(typeof chunk === 'string' ? redactPii(chunk) : chunk, ...rest)) as typeof stream.write;
  }
}
