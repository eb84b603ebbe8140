import { afterEach, describe, expect, it } from 'vitest';
import {
  GET_CURRENT_TIME,
  describeCurrentTime,
  formatDateTime,
  isValidTimeZone,
  serverTimeZone,
} from '../../../../agent/tools/time.ts';
import { type BmoTestSession, startBmoTestSession } from '../../helpers/bmo-session.ts';

// Sunday 22 November 2026, 14:04 UTC
const NOW = new Date('2026-11-22T14:04:00Z');

let bmo: BmoTestSession | undefined;
afterEach(async () => {
  await bmo?.close();
  bmo = undefined;
});

describe('get_current_time', () => {
  it('tells the time in the time zone the model asks for, said naturally', async () => {
    bmo = await startBmoTestSession({
      now: () => NOW,
      script: [
        { toolCalls: [{ name: GET_CURRENT_TIME, args: { timeZone: 'Europe/Paris' } }] },
        { say: "It's 3:04 PM in Paris." },
      ],
    });
    const result = await bmo.session.run({ userInput: 'what time is it in Paris?' }).wait();
    result.expect.nextEvent().isFunctionCall({ name: GET_CURRENT_TIME });
    const output = result.expect.nextEvent().isFunctionCallOutput({ isError: false });
    expect(JSON.parse(output.event().item.output)).toBe(
      "It's Sunday, 22 November 2026, 3:04 PM in Europe/Paris (UTC+1).",
    );
    result.expect.nextEvent().isMessage({ role: 'assistant' });
    expect(bmo.logs.find((e) => e.event === 'tool_call')).toMatchObject({
      tool: GET_CURRENT_TIME,
      outcome: 'ok',
      timeZoneSource: 'requested',
    });
  });

  it('answers an unknown time zone with a clear message instead of failing', async () => {
    bmo = await startBmoTestSession({
      now: () => NOW,
      script: [
        { toolCalls: [{ name: GET_CURRENT_TIME, args: { timeZone: 'Mars/Olympus_Mons' } }] },
        { say: 'I do not know that place!' },
      ],
    });
    const result = await bmo.session.run({ userInput: 'what time is it on Mars?' }).wait();
    result.expect.nextEvent().isFunctionCall({ name: GET_CURRENT_TIME });
    const output = result.expect.nextEvent().isFunctionCallOutput({ isError: true });
    expect(output.event().item.output).toMatch(
      /"Mars\/Olympus_Mons" is not a time zone I know\. Use an IANA time zone name such as "Europe\/Paris"/,
    );
    result.expect.nextEvent().isMessage({ role: 'assistant' });
  });

  it("uses the user's time zone from their participant attributes when the model names none", () => {
    const reply = describeCurrentTime({ now: NOW, userZone: 'Asia/Manila' });
    expect(reply.output).toBe("It's Sunday, 22 November 2026, 10:04 PM in Asia/Manila (UTC+8).");
    expect(reply.fields?.timeZoneSource).toBe('user');
  });

  it('prefers the zone the model asks for over the user zone', () => {
    const reply = describeCurrentTime({
      now: NOW,
      requested: 'America/New_York',
      userZone: 'Asia/Manila',
    });
    expect(reply.output).toBe(
      "It's Sunday, 22 November 2026, 9:04 AM in America/New_York (UTC-5).",
    );
  });

  it("falls back to the server's zone, and says so, when the user's zone is unknown or bad", () => {
    const zone = serverTimeZone();
    for (const userZone of [undefined, 'Not/AZone']) {
      const reply = describeCurrentTime({ now: NOW, userZone });
      expect(reply.outcome).toBe('ok');
      expect(reply.output).toBe(
        `It's ${formatDateTime(NOW, zone)} in ${zone}, the server's time zone (${
          reply.output.match(/\((UTC[^)]*)\)\.$/)?.[1] ?? ''
        }).`,
      );
      expect(reply.fields?.timeZoneSource).toBe('server');
    }
  });

  it('handles half-hour offsets and midnight', () => {
    expect(describeCurrentTime({ now: NOW, requested: 'Asia/Kolkata' }).output).toBe(
      "It's Sunday, 22 November 2026, 7:34 PM in Asia/Kolkata (UTC+5:30).",
    );
    expect(
      describeCurrentTime({ now: new Date('2026-11-22T23:00:00Z'), requested: 'Europe/Paris' })
        .output,
    ).toBe("It's Monday, 23 November 2026, 12:00 AM in Europe/Paris (UTC+1).");
  });

  it('knows IANA names and refuses others', () => {
    expect(isValidTimeZone('Asia/Manila')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});
