/**
 * Every tool call becomes one `tool_call` event: the tool's name, how long it took and how it
 * ended, plus counts the tool chooses (never its arguments or output).
 */
import { llm } from '@livekit/agents';
import { type LogFields, errorFields, logEvent } from '../log.ts';

export type ToolOutcome = 'ok' | 'not_found' | 'invalid' | 'unavailable' | 'error';

/** Outcomes the model receives as a failed call (`isError`), with the reply as the message. */
const FAILED: ReadonlySet<ToolOutcome> = new Set(['invalid', 'unavailable', 'error']);

export interface ToolReply {
  /** What the model reads. */
  output: string;
  outcome: ToolOutcome;
  /** Extra primitive log fields (counts, sizes, the transport used); no content. */
  fields?: LogFields;
}

/**
 * Wraps a tool body so the call is logged, with `logContext` (the job id and room: the SDK runs
 * tools outside the job's async context, so `getJobContext()` cannot supply them there). A failed call (or an unexpected exception) reaches the
 * model as an `llm.ToolError`: the SDK hands the model the message verbatim and marks the output
 * as an error, where a returned string would be JSON-quoted and an arbitrary exception replaced
 * by "An internal error occurred".
 */
export function loggedExecute<Args, UserData>(
  name: string,
  run: (args: Args, opts: llm.ToolOptions<UserData>) => Promise<ToolReply> | ToolReply,
  logContext: LogFields = {},
): (args: Args, opts: llm.ToolOptions<UserData>) => Promise<string> {
  return async (args, opts) => {
    const started = performance.now();
    let reply: ToolReply;
    try {
      reply = await run(args, opts);
    } catch (error) {
      reply = {
        outcome: 'error',
        output: `Error: ${name} failed unexpectedly. Tell the user it did not work this time.`,
        fields: errorFields(error),
      };
    }
    logEvent(
      'tool_call',
      {
        ...logContext,
        ...reply.fields,
        tool: name,
        toolCallId: opts.toolCallId,
        outcome: reply.outcome,
        durationMs: Math.round(performance.now() - started),
      },
      reply.outcome === 'error' ? 'error' : 'info',
    );
    if (FAILED.has(reply.outcome)) throw new llm.ToolError(reply.output);
    return reply.output;
  };
}
