/**
 * A session's token budget, read from what the upstream reports: `response.done`'s usage for each
 * response (input tokens, the whole context again each time, and output tokens) and a finished
 * input transcription's. The relay reads its own socket's events; a call's watcher reads OpenAI's
 * server-side connection to the call. Both end the session once the budget is spent.
 */
import { RealtimeUsageEvent } from '../../contracts/realtime.ts';

/** Types that carry usage, found in a frame's text before it is parsed (most frames are audio). */
const USAGE_TYPES = ['"response.done"', '"conversation.item.input_audio_transcription.completed"'];

/** The tokens one server frame reports spent; 0 for a frame that reports none. */
export function frameTokens(frame: string): number {
  if (!USAGE_TYPES.some((type) => frame.includes(type))) return 0;
  let json: unknown;
  try {
    json = JSON.parse(frame);
  } catch {
    return 0;
  }
  const event = RealtimeUsageEvent.safeParse(json);
  if (!event.success) return 0;
  const usage = event.data.type === 'response.done' ? event.data.response.usage : event.data.usage;
  return usage?.total_tokens ?? 0;
}

/** Tokens spent against a budget (undefined: none). */
export class TokenMeter {
  readonly limit: number | undefined;
  used: number;

  constructor(limit: number | undefined, used = 0) {
    this.limit = limit;
    this.used = used;
  }

  /** Adds what a frame reports; true once the budget is spent. */
  add(tokens: number): boolean {
    this.used += tokens;
    return this.spent;
  }

  get spent(): boolean {
    return this.limit !== undefined && this.used >= this.limit;
  }
}
