import { expect, test } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import WebSocket from 'ws';
import { ReadingTokenResponse } from '../../contracts/reading-token.ts';
import { parseWav, resample } from '../../voice-peer/audio.ts';
import { speak } from '../support/recognizer.ts';
import { startWrangler } from '../support/wrangler.ts';

// The offline reader's socket under wrangler dev, held by its Durable Object: one token opens one
// socket (wherever the request lands), and the caps end a session with a close code.

async function readerToken(request: import('@playwright/test').APIRequestContext) {
  const response = await request.post('/api/voice/token', {
    data: { sessionId: crypto.randomUUID(), mode: 'text' },
  });
  expect(response.status()).toBe(200);
  return ReadingTokenResponse.parse(await response.json());
}

interface Socket {
  ws: WebSocket;
  types: string[];
  errors: string[];
  closed: Promise<number>;
}

function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } });
    const types: string[] = [];
    const errors: string[] = [];
    const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as { type: string; error?: { code: string } };
      types.push(event.type);
      if (event.error) errors.push(event.error.code);
    });
    ws.once('open', () => resolve({ ws, types, errors, closed }));
    ws.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused with ${response.statusCode}`)),
    );
    ws.once('error', reject);
  });
}

test('one reader token opens exactly one socket; the second is refused and the first goes on', async ({
  request,
}) => {
  const { token, url } = await readerToken(request);
  if (!url) throw new Error('a local token carries the reader’s URL');
  const first = await connect(url, token);
  await expect.poll(() => first.types).toContain('session.created');
  await expect(connect(url, token)).rejects.toThrow('refused with 401');
  first.ws.send(
    JSON.stringify({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hello' }] },
    }),
  );
  first.ws.send(JSON.stringify({ type: 'response.create' }));
  await expect.poll(() => first.types).toContain('response.done');
  first.ws.close();
  // Closed, the token still opens nothing.
  await first.closed;
  await expect(connect(url, token)).rejects.toThrow('refused with 401');
});

test('a frame over the cap ends the session with an error event and close code 1009', async ({
  request,
}) => {
  const { token, url } = await readerToken(request);
  if (!url) throw new Error('a local token carries the reader’s URL');
  const socket = await connect(url, token);
  await expect.poll(() => socket.types).toContain('session.created');
  socket.ws.send(JSON.stringify({ type: 'response.cancel', padding: 'x'.repeat(70_000) }));
  expect(await socket.closed).toBe(1009);
  expect(socket.errors).toEqual(['frame_too_large']);
});

test('a session.update with an instructions line over 8 KiB gets instructions_line_too_long, and one that would grow the session past its cap gets session_too_large', async ({
  request,
}) => {
  const { token, url } = await readerToken(request);
  if (!url) throw new Error('a local token carries the reader’s URL');
  const socket = await connect(url, token);
  await expect.poll(() => socket.types).toContain('session.created');
  const update = (session: Record<string, unknown>) =>
    socket.ws.send(
      JSON.stringify({ type: 'session.update', session: { type: 'realtime', ...session } }),
    );
  update({ instructions: `Cards drawn:\n1. ${'a (b): c, upright '.repeat(1000)}` });
  await expect.poll(() => socket.errors).toEqual(['instructions_line_too_long']);
  update({ prompt: { id: 'p'.repeat(30_000) } });
  update({ truncation: { type: 't'.repeat(30_000) } });
  update({ tracing: { workflow_name: 'w'.repeat(30_000) } });
  await expect
    .poll(() => socket.errors)
    .toEqual(['instructions_line_too_long', 'session_too_large']);
  // The session goes on: a question still gets its answer.
  socket.ws.send(
    JSON.stringify({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hello' }] },
    }),
  );
  socket.ws.send(JSON.stringify({ type: 'response.create' }));
  await expect.poll(() => socket.types).toContain('response.done');
  socket.ws.close();
});

test('local development refuses a request whose Host is not loopback (a DNS-rebound page)', async () => {
  const base = new URL(process.env.E2E_BASE_URL ?? '');
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sent = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path: '/api/livekit/token',
        method: 'POST',
        headers: {
          host: `rebound.example:${base.port}`,
          origin: `http://rebound.example:${base.port}`,
          'content-type': 'application/json',
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    sent.once('error', reject);
    sent.end('{}');
  });
  expect(answer.status).toBe(403);
  expect(answer.body).toContain('forbidden_host');
});

test('the Durable Object hears a spoken turn through the local recognizer: the words come back as the protocol’s own event and the reader answers them', async () => {
  // An edge of its own that hears (the shared one keeps the demo script its other specs test).
  const edge = await startWrangler({
    vars: {
      RECOGNIZER_URL: process.env.E2E_RECOGNIZER_URL ?? '',
      RECOGNIZER_KEY: process.env.E2E_RECOGNIZER_KEY ?? '',
      READER_TOKEN_SECRET: 'e2e-reader-hears',
    },
  });
  try {
    const minted = await fetch(`${edge.url}/api/voice/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: edge.url },
      body: JSON.stringify({
        sessionId: crypto.randomUUID(),
        mode: 'voice',
        transport: 'websocket',
      }),
    });
    const { token, url, hears } = ReadingTokenResponse.parse(await minted.json());
    expect(hears).toBe(true);
    if (!url) throw new Error('a local token carries the reader’s URL');
    const socket = await connect(url, token);
    const events: { type: string; transcript?: string; text?: string }[] = [];
    socket.ws.on('message', (data) => events.push(JSON.parse(String(data)) as never));
    await expect.poll(() => socket.types).toContain('session.created');
    socket.ws.send(
      JSON.stringify({
        type: 'session.update',
        session: {
          type: 'realtime',
          output_modalities: ['text'],
          audio: { input: { transcription: { model: 'whisper-1' }, turn_detection: null } },
        },
      }),
    );
    // The turn as the page's WebSocket path sends it: PCM16 at 24 kHz, 100 ms an event.
    const samples = resample(parseWav(speak('Will I find a new job this year?').wav), 24_000);
    const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    for (let at = 0; at < pcm.length; at += 4_800) {
      const audio = pcm.subarray(at, at + 4_800).toString('base64');
      socket.ws.send(JSON.stringify({ type: 'input_audio_buffer.append', audio }));
    }
    socket.ws.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    socket.ws.send(JSON.stringify({ type: 'response.create' }));
    await expect
      .poll(
        () =>
          events.find(
            (event) => event.type === 'conversation.item.input_audio_transcription.completed',
          )?.transcript,
        { timeout: 20_000 },
      )
      .toMatch(/new job this year/i);
    await expect
      .poll(() => events.find((event) => event.type === 'response.output_text.done')?.text, {
        timeout: 10_000,
      })
      .toMatch(/^Thank you for bringing that to the cards/);
    expect(socket.errors).toEqual([]);
    socket.ws.close();
  } finally {
    await edge.stop();
  }
});
