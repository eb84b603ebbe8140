/**
 * session.update keeps only what the reader knows (the contract's RealtimeSessionKept), caps the
 * stored session with a clear error, and echoes what the reader holds, never what was sent: many
 * updates, each under the frame cap, cannot grow the session or its echo.
 */
import { describe, expect, it } from 'vitest';
import { ReaderSession } from '../../../../reader/protocol/engine.ts';
import { MAX_SESSION_BYTES, MAX_SESSION_UPDATE_BYTES } from '../../../../reader/protocol/limits.ts';

interface Sent {
  type: string;
  session?: Record<string, unknown>;
  ignored_fields?: string[];
  error?: { code: string; message: string };
}

function open() {
  const sent: Sent[] = [];
  // A second passes between updates, as between a client's real ones: 200 updates of 25 KiB in one
  // instant would be a flood, which the inbound budget ends
  // (tests/unit/reader/protocol/flood.test.ts).
  let now = Date.now();
  const session = new ReaderSession({ send: (event) => sent.push(event as Sent), now: () => now });
  session.start();
  const update = (fields: Record<string, unknown>): Sent => {
    now += 1_000;
    session.handleMessage(
      JSON.stringify({ type: 'session.update', session: { type: 'realtime', ...fields } }),
    );
    const last = sent.at(-1);
    if (!last) throw new Error('no answer');
    return last;
  };
  return { session, sent, update };
}

describe('session.update', () => {
  it('200 updates, each adding a new key under audio, neither grow the session nor its echo', () => {
    const { session, update } = open();
    const first = JSON.stringify(update({ audio: { output: { voice: 'verse' } } }));
    let echoed = 0;
    for (let index = 0; index < 200; index += 1) {
      const answer = update({
        audio: {
          [`k${index}`]: 'x'.repeat(20_000),
          input: {
            [`k${index}`]: 'y'.repeat(5_000),
            turn_detection: { type: 'server_vad', [`k${index}`]: 1 },
          },
        },
      });
      expect(answer.type).toBe('session.updated');
      echoed += JSON.stringify(answer).length;
    }
    const held = JSON.stringify(session.snapshot().state.session);
    expect(held).not.toContain('k199');
    expect(held.length).toBeLessThan(first.length + 200);
    expect(echoed).toBeLessThan(200 * (first.length + 200));
  });

  it('keeps the fields it knows, with their known keys, and names the rest as ignored', () => {
    const { update } = open();
    const answer = update({
      instructions: 'Be brief.',
      unknown_field: { a: 1 },
      max_output_tokens: 'lots',
      audio: {
        input: { transcription: { model: 'whisper-1', extra: 'dropped' } },
        output: { voice: 'verse', shape: 'dropped' },
      },
    });
    expect(answer.type).toBe('session.updated');
    expect(answer.ignored_fields).toEqual(['unknown_field', 'max_output_tokens']);
    expect(answer.session?.['instructions']).toBe('Be brief.');
    expect(answer.session?.['max_output_tokens']).toBe('inf');
    expect(JSON.stringify(answer.session)).not.toContain('dropped');
    expect(answer.session?.['audio']).toMatchObject({
      input: { transcription: { model: 'whisper-1' }, format: { type: 'audio/pcm' } },
      output: { voice: 'verse', speed: 1 },
    });
  });

  it(`refuses an update that would take the session past ${MAX_SESSION_BYTES} bytes, and keeps the session as it was`, () => {
    const { session, update } = open();
    const big = `${'z'.repeat(999)}\n`.repeat(Math.floor((MAX_SESSION_UPDATE_BYTES - 200) / 1000));
    // Each field replaces, so their sum is what grows: instructions, then a prompt, then tracing.
    expect(update({ instructions: big }).type).toBe('session.updated');
    expect(update({ prompt: { id: big } }).type).toBe('session.updated');
    const before = JSON.stringify(session.snapshot().state.session);
    const refused = update({ tracing: { workflow_name: big } });
    expect(refused.type).toBe('error');
    expect(refused.error?.code).toBe('session_too_large');
    expect(refused.error?.message).toContain(`${MAX_SESSION_BYTES} bytes`);
    expect(JSON.stringify(session.snapshot().state.session)).toBe(before);
    // Replacing a field with a smaller value is still an update.
    expect(update({ prompt: null }).type).toBe('session.updated');
  });
});
