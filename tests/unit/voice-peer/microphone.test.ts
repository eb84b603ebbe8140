/**
 * The local WebRTC reader's microphone (voice-peer/microphone.ts): what of the page's track goes
 * into the reader's input buffer, and when a commit reaches the reader; and the Opus settings its
 * answer asks the page's encoder for (voice-peer/call.ts `clearerOpus`).
 */
import type { RTCAudioData } from '@roamhq/wrtc/types/nonstandard';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearerOpus } from '../../../voice-peer/call.ts';
import { Microphone } from '../../../voice-peer/microphone.ts';

/** A 10 ms frame at 48 kHz: a loud tone, or digital silence. */
function frame(voiced: boolean): RTCAudioData {
  const samples = new Int16Array(480);
  if (voiced) for (let i = 0; i < samples.length; i += 1) samples[i] = i % 2 === 0 ? 8000 : -8000;
  return { samples, sampleRate: 48_000, bitsPerSample: 16, channelCount: 1, numberOfFrames: 480 };
}

function listen() {
  const sent: string[] = [];
  const microphone = new Microphone({ toReader: (text) => sent.push(text) });
  /** Frames, each 10 ms after the one before (the fake clock moves with them). */
  const play = (voiced: boolean, count: number) => {
    for (let i = 0; i < count; i += 1) {
      vi.advanceTimersByTime(10);
      microphone.heard(frame(voiced));
    }
  };
  const kinds = () =>
    sent.map((text) =>
      (JSON.parse(text) as { type: string }).type.replace('input_audio_buffer.', ''),
    );
  /** The 24 kHz samples appended so far. */
  const appended = () =>
    sent
      .map((text) => JSON.parse(text) as { type: string; audio?: string })
      .filter((event) => event.type === 'input_audio_buffer.append')
      .reduce((sum, event) => sum + Buffer.from(event.audio ?? '', 'base64').length / 2, 0);
  return { microphone, sent, play, kinds, appended };
}

const COMMIT = JSON.stringify({ type: 'input_audio_buffer.commit' });
const RESPOND = JSON.stringify({ type: 'response.create' });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the microphone fills the reader’s input buffer', () => {
  it('from a turn’s first voiced frame, with the 300 ms before it and its pauses, at 24 kHz', () => {
    const { play, appended, microphone } = listen();
    play(false, 50);
    expect(appended()).toBe(0);
    play(true, 10);
    play(false, 5);
    play(true, 10);
    // 30 frames before the voice, then all 25 of the turn; 240 samples each at 24 kHz.
    expect(appended()).toBe((30 + 25) * 240);
    expect(microphone.sound).toMatchObject({ heardFrames: 75, voicedFrames: 20 });
  });

  it('holds a commit until the turn’s last sound is in: what came after the release goes in first', () => {
    const { microphone, play, kinds } = listen();
    play(true, 20);
    microphone.fromPage(COMMIT);
    microphone.fromPage(RESPOND);
    // The last word is still arriving through the jitter buffer.
    play(true, 5);
    expect(kinds().filter((kind) => kind !== 'append')).toEqual([]);
    play(false, 14);
    expect(kinds()).not.toContain('commit');
    play(false, 2);
    // Every frame of the turn went in before the commit: 25 voiced and the 15 quiet ones.
    expect(kinds()).toEqual([...Array<string>(40).fill('append'), 'commit', 'response.create']);
  });

  it('never holds a commit more than 500 ms, and passes one at once when nothing was said', () => {
    const loud = listen();
    loud.play(true, 10);
    loud.microphone.fromPage(COMMIT);
    loud.play(true, 49);
    expect(loud.kinds()).not.toContain('commit');
    vi.advanceTimersByTime(20);
    expect(loud.kinds().at(-1)).toBe('commit');

    const quiet = listen();
    quiet.play(false, 10);
    quiet.microphone.fromPage(COMMIT);
    expect(quiet.kinds()).toEqual(['commit']);
  });
});

describe('the answer’s Opus settings', () => {
  it('ask the page’s encoder for 96 kbit/s and no discontinuous transmission, keeping the rest', () => {
    const sdp = [
      'v=0',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111 63',
      'a=rtpmap:111 opus/48000/2',
      'a=fmtp:111 minptime=10;useinbandfec=1;usedtx=1',
      'a=rtpmap:63 red/48000/2',
      'a=fmtp:63 111/111',
      '',
    ].join('\r\n');
    const answer = clearerOpus(sdp);
    expect(answer).toContain(
      'a=fmtp:111 minptime=10;useinbandfec=1;maxaveragebitrate=96000;usedtx=0\r\n',
    );
    expect(answer).toContain('a=fmtp:63 111/111\r\n');
    expect(clearerOpus('v=0\r\nm=audio 9 RTP/AVP 0\r\n')).toBe('v=0\r\nm=audio 9 RTP/AVP 0\r\n');
  });
});
