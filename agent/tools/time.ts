/**
 * `get_current_time`: the date and time where the user is. The zone comes from the tool's
 * argument, else the `tz` attribute the page sets on the visitor's participant (an IANA name from
 * the browser), else the server's own zone.
 */
import { llm } from '@livekit/agents';
import { z } from 'zod';
import { TIME_ZONE_ATTRIBUTE } from '../../contracts/livekit-schema.ts';
import { GET_CURRENT_TIME } from '../../contracts/tools.ts';
import type { LogFields } from '../log.ts';
import { type ToolReply, loggedExecute } from './logged.ts';
import { linkedParticipant } from './session-room.ts';

export { GET_CURRENT_TIME };

export const GetCurrentTimeParams = z.object({
  timeZone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'IANA time zone name such as "Europe/Paris" or "Asia/Manila". Leave it out to use the user\'s own time zone.',
    ),
});
export type GetCurrentTimeParams = z.infer<typeof GetCurrentTimeParams>;

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "Sunday, 22 November 2026, 3:04 PM" in the given zone. */
export function formatDateTime(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const period = part('dayPeriod').toUpperCase().replace(/\./g, '');
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${period}`;
}

/** The zone's offset from UTC at `now`, e.g. "UTC+1" or "UTC+5:30". */
export function utcOffset(now: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(now)
    .find((p) => p.type === 'timeZoneName')?.value;
  return (name ?? 'GMT').replace(/^GMT/, 'UTC').replace(/^UTC$/, 'UTC+0');
}

export interface TimeAnswerInput {
  now: Date;
  /** The zone the model asked for, if any. */
  requested?: string;
  /** The user's zone from their participant attributes, if any. */
  userZone?: string;
}

/** The tool's answer; never throws. */
export function describeCurrentTime({ now, requested, userZone }: TimeAnswerInput): ToolReply {
  if (requested !== undefined && !isValidTimeZone(requested)) {
    return {
      outcome: 'invalid',
      output:
        `Error: "${requested}" is not a time zone I know. Use an IANA time zone name such as ` +
        '"Europe/Paris", "America/New_York" or "Asia/Manila", or leave it out for the user\'s own time zone.',
    };
  }
  let zone: string;
  let source: 'requested' | 'user' | 'server';
  if (requested !== undefined) {
    zone = requested;
    source = 'requested';
  } else if (userZone !== undefined && isValidTimeZone(userZone)) {
    zone = userZone;
    source = 'user';
  } else {
    zone = serverTimeZone();
    source = 'server';
  }
  const where = source === 'server' ? `${zone}, the server's time zone` : zone;
  return {
    outcome: 'ok',
    output: `It's ${formatDateTime(now, zone)} in ${where} (${utcOffset(now, zone)}).`,
    fields: { timeZoneSource: source },
  };
}

export interface GetCurrentTimeToolOptions {
  /** The clock (tests pin it). */
  now?: () => Date;
  /** Fields for every `tool_call` event (the job id and room). */
  logContext?: LogFields;
}

export function createGetCurrentTimeTool(options: GetCurrentTimeToolOptions = {}) {
  const now = options.now ?? (() => new Date());
  return llm.tool({
    name: GET_CURRENT_TIME,
    description:
      "Get the current date and time in the user's time zone (or in a time zone you name). Use it whenever the user asks about the time, the date or the day of the week.",
    parameters: GetCurrentTimeParams,
    execute: loggedExecute(
      GET_CURRENT_TIME,
      (args: GetCurrentTimeParams, { ctx }) =>
        describeCurrentTime({
          now: now(),
          requested: args.timeZone,
          userZone: linkedParticipant(ctx)?.attributes[TIME_ZONE_ATTRIBUTE],
        }),
      options.logContext,
    ),
  });
}
