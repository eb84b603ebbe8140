/**
 * The local WebRTC reader (voice-peer/): OpenAI's call API on loopback for the edge's key only, the
 * reader's events on `oai-events`, the microphone measured for sound, and the reader's words as
 * sound on its track; `output_audio_buffer.clear` stops them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type VoicePeer, startVoicePeer } from '../../../voice-peer/server.ts';
import { Speaker } from '../../../voice-peer/speech.ts';
import { callPeer, postToPeer } from '../helpers/webrtc-client.ts';

const KEY = 'voice-peer-test-key-0123456789';
let peer: VoicePeer;

beforeAll(async () => {
  peer = await startVoicePeer({ key: KEY, onLog: () => undefined });
});
afterAll(async () => {
  await peer.close();
});

function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = setInterval(() => {
      if (check()) {
        clearInterval(tick);
        resolve();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(tick);
        reject(new Error('Timed out waiting.'));
      }
    }, 20);
  });
}

describe('the local WebRTC reader', () => {
  it('refuses an offer without the edge key, as OpenAI refuses a wrong key (401)', async () => {
    const refused = await callPeer(postToPeer(peer.url, 'Bearer ek_visitor_token', undefined));
    expect('status' in refused && refused.status).toBe(401);
    expect(peer.calls.size).toBe(0);
  });

  it('answers an offer with Location, speaks the reader events and keeps the session it was sent', async () => {
    const session = { type: 'realtime', model: 'gpt-realtime', max_output_tokens: 800 };
    const call = await callPeer(postToPeer(peer.url, `Bearer ${KEY}`, session));
    if ('status' in call) throw new Error(`refused: ${call.status} ${call.body}`);
    try {
      expect(call.callId).toMatch(/^rtc_[a-z0-9]+$/);
      expect(peer.calls.get(call.callId)?.session).toEqual(session);
      await call.waitFor('session.created');

      // Sound while the microphone speaks, none while it is silent.
      const record = peer.calls.get(call.callId);
      expect(record?.call.sound.voicedFrames).toBe(0);
      const pressedAt = Date.now();
      call.talk(true);
      await until(() => (record?.call.sound.voicedFrames ?? 0) > 20);
      call.talk(false);
      const heardBefore = record?.call.sound.heardFrames ?? 0;
      await until(() => (record?.call.sound.heardFrames ?? 0) > heardBefore + 50);
      const silentAt = Date.now();
      // Sound only while held: every voiced span lies between the press and the silence heard
      // after the release (a starved sender may split the held tone into several spans), and
      // no voiced frame comes while the microphone stays silent.
      const spans = record?.call.sound.spans ?? [];
      expect(spans.length).toBeGreaterThan(0);
      for (const span of spans) {
        expect(span.from).toBeGreaterThanOrEqual(pressedAt);
        expect(span.to).toBeLessThanOrEqual(silentAt);
      }
      const voicedAfter = record?.call.sound.voicedFrames ?? 0;
      const heardAfter = record?.call.sound.heardFrames ?? 0;
      await until(() => (record?.call.sound.heardFrames ?? 0) > heardAfter + 50);
      expect(record?.call.sound.voicedFrames).toBe(voicedAfter);

      // What was said commits as the person's turn, and the answer is spoken on the track.
      call.send({ type: 'input_audio_buffer.commit' });
      await call.waitFor('input_audio_buffer.committed');
      call.send({ type: 'response.create' });
      const started = await call.waitFor('output_audio_buffer.started');
      const done = await call.waitFor('response.output_audio_transcript.done');
      expect(started.response_id).toBe(done.response_id);
      await until(() => call.voicedFramesHeard() > 10);

      // While it speaks the response is in progress: response.done waits for the voice.
      expect(call.events.map((event) => event.type)).not.toContain('response.done');

      // Interrupted: cancel and clear; the voice stops, cleared answers, the response ends.
      call.send({ type: 'response.cancel' });
      call.send({ type: 'output_audio_buffer.clear' });
      await call.waitFor('output_audio_buffer.cleared');
      await call.waitFor('response.done');
      const types = call.events.map((event) => event.type);
      expect(types.indexOf('output_audio_buffer.cleared')).toBeLessThan(
        types.indexOf('response.done'),
      );
      expect(types).not.toContain('output_audio_buffer.stopped');
    } finally {
      call.close();
    }
  });

  it('hangs a call up on POST /hangup: the call is gone', async () => {
    const call = await callPeer(postToPeer(peer.url, `Bearer ${KEY}`, undefined));
    if ('status' in call) throw new Error(`refused: ${call.status}`);
    try {
      await call.waitFor('session.created');
      const hangup = `${peer.url}/realtime/calls/${call.callId}/hangup`;
      const refused = await fetch(hangup, { method: 'POST' });
      expect(refused.status).toBe(401);
      const response = await fetch(hangup, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}` },
      });
      expect(response.status).toBe(200);
      expect(peer.calls.has(call.callId)).toBe(false);
    } finally {
      call.close();
    }
  });
});

async function allOf<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('the reader’s voice: espeak-ng or tones, chosen and recovered per sentence', () => {
  it('a peer set to tones speaks a tone per sentence and tells the page once why', async () => {
    const tones = await startVoicePeer({
      key: KEY,
      voice: { kind: 'tones' },
      onLog: () => undefined,
    });
    const call = await callPeer(postToPeer(tones.url, `Bearer ${KEY}`, undefined));
    if ('status' in call) throw new Error(`refused: ${call.status}`);
    try {
      await call.waitFor('session.created');
      for (const text of ['Hello.', 'Hello again.']) {
        call.send({
          type: 'conversation.item.create',
          item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
        });
        call.send({ type: 'response.create' });
        await until(() => call.events.filter((e) => e.type === 'response.done').length > 0);
      }
      await until(() => call.voicedFramesHeard() > 10);
      const notices = call.events.filter((event) => event.type === 'voice_peer.notice');
      expect(notices.map((event) => event.notice)).toEqual([
        'This reader speaks in tones: its speech voice (espeak-ng) is turned off here.',
      ]);
    } finally {
      call.close();
      await tones.close();
    }
  });

  it('espeak-ng missing: tones, said to be for that reason', async () => {
    const speaker = new Speaker({ kind: 'espeak-ng', binary: '/nonexistent/espeak-ng' });
    const spoken = await allOf(speaker.speak('One. Two.'));
    expect(spoken.map((sentence) => sentence.tone)).toEqual(['not_installed', 'not_installed']);
    expect(speaker.voice).toBe('tone');
  });

  it('one sentence espeak-ng fails on is a tone; the next is espeak-ng again', async () => {
    // espeak-ng itself, except that it fails on the one sentence that says so.
    const dir = mkdtempSync(join(tmpdir(), 'flaky-espeak-'));
    const flaky = join(dir, 'espeak-ng');
    writeFileSync(
      flaky,
      '#!/bin/sh\nwords=$(cat)\ncase "$words" in *Broken*) exit 3;; esac\nprintf "%s" "$words" | exec espeak-ng "$@"\n',
      { mode: 0o755 },
    );
    const speaker = new Speaker({ kind: 'espeak-ng', binary: flaky });
    const spoken = await allOf(speaker.speak('First one. Broken one. Third one.'));
    expect(spoken.map((sentence) => sentence.tone ?? 'espeak-ng')).toEqual([
      'espeak-ng',
      'failed',
      'espeak-ng',
    ]);
    expect(speaker.voice).toBe('espeak-ng');
  });
});

describe('the local WebRTC reader under a page that misbehaves', () => {
  it('charges output_audio_buffer.clear to the session’s inbound budget: a flood of clears ends the call', async () => {
    const call = await callPeer(postToPeer(peer.url, `Bearer ${KEY}`, undefined));
    if ('status' in call) throw new Error(`refused: ${call.status}`);
    try {
      await call.waitFor('session.created');
      // Each clear carries 60 KB: 40 of them pass the 2 MiB burst.
      const clear = { type: 'output_audio_buffer.clear', padding: 'x'.repeat(60_000) };
      for (let i = 0; i < 40; i += 1) call.send(clear);
      const error = await call.waitFor('error');
      expect(error.error).toMatchObject({ code: 'rate_limit_exceeded' });
      await until(() => !peer.calls.has(call.callId));
    } finally {
      call.close();
    }
  });

  it('speaks no more than it may hold waiting: past the cap the rest of a response is not spoken', async () => {
    const logs: object[] = [];
    const short = await startVoicePeer({
      key: KEY,
      maxQueuedSpeechMs: 1_500,
      onLog: (event) => logs.push(event),
    });
    const call = await callPeer(postToPeer(short.url, `Bearer ${KEY}`, undefined));
    if ('status' in call) throw new Error(`refused: ${call.status}`);
    try {
      await call.waitFor('session.created');
      call.send({ type: 'response.create' });
      // The welcome's words reach the page whole; only its voice stops at the cap.
      const done = await call.waitFor('response.output_audio_transcript.done');
      expect(String(done.transcript).length).toBeGreaterThan(60);
      await until(() =>
        logs.some((event) => 'type' in event && event.type === 'voice_peer_speech_dropped'),
      );
      await call.waitFor('response.done');
    } finally {
      call.close();
      await short.close();
    }
  });

  it('counts its calls again once an offer’s body is in: offers sent side by side never pass the limit', async () => {
    const two = await startVoicePeer({ key: KEY, maxCalls: 2, onLog: () => undefined });
    const { RTCPeerConnection } = (await import('@roamhq/wrtc')).default;
    const peers = Array.from({ length: 4 }, () => new RTCPeerConnection({ iceServers: [] }));
    try {
      const offers = await Promise.all(
        peers.map(async (pc) => {
          pc.createDataChannel('oai-events');
          await pc.setLocalDescription(await pc.createOffer());
          return pc.localDescription?.sdp ?? '';
        }),
      );
      // Every request's headers go first; the bodies follow once all four are waiting.
      const { request } = await import('node:http');
      const url = new URL(`${two.url}/realtime/calls`);
      const sent = offers.map((sdp) => {
        const body = Buffer.from(sdp);
        let finish = () => undefined as void;
        const status = new Promise<number>((resolve, reject) => {
          const asked = request(
            url,
            {
              method: 'POST',
              headers: {
                Authorization: `Bearer ${KEY}`,
                'Content-Type': 'application/sdp',
                'Content-Length': String(body.length),
              },
            },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          asked.on('error', reject);
          asked.flushHeaders();
          finish = () => void asked.end(body);
        });
        return { status, finish: () => finish() };
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const one of sent) one.finish();
      const statuses = await Promise.all(sent.map((one) => one.status));
      expect(statuses.filter((status) => status === 201)).toHaveLength(2);
      expect(statuses.filter((status) => status === 429)).toHaveLength(2);
      expect(two.calls.size).toBe(2);
    } finally {
      for (const pc of peers) pc.close();
      await two.close();
    }
  });
});
