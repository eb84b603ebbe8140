import { describe, expect, it } from 'vitest';
import {
  CASSETTE_TOPIC,
  CassetteMessage,
  MAX_RELIABLE_PACKET_BYTES,
  PresentToCassetteParams,
  encodeCassette,
  parseCassette,
} from '../../../contracts/cassette-schema.ts';

const encoder = new TextEncoder();

describe('cassette contract', () => {
  it('names the topic and the reliable packet cap', () => {
    expect(CASSETTE_TOPIC).toBe('cassette');
    expect(MAX_RELIABLE_PACKET_BYTES).toBe(15 * 1024);
  });

  it('encodes exactly the spec payload { type, title, content } as UTF-8 JSON', () => {
    const bytes = encodeCassette({
      type: 'cassette',
      title: 'Philhealth ID',
      content: '1234-5678-9012',
    });
    expect(new TextDecoder().decode(bytes)).toBe(
      '{"type":"cassette","title":"Philhealth ID","content":"1234-5678-9012"}',
    );
  });

  it('round-trips bytes and strings, including non-ASCII text', () => {
    const msg = {
      type: 'cassette',
      title: 'Café Wi-Fi',
      content: 'mot de passe: ñandú-☕',
    } as const;
    expect(parseCassette(encodeCassette(msg))).toEqual({ ok: true, cassette: msg });
    expect(parseCassette(JSON.stringify(msg))).toEqual({ ok: true, cassette: msg });
  });

  it('trims the title', () => {
    const result = parseCassette('{"type":"cassette","title":"  Wi-Fi  ","content":"x"}');
    expect(result).toEqual({
      ok: true,
      cassette: { type: 'cassette', title: 'Wi-Fi', content: 'x' },
    });
  });

  it('rejects bad JSON without throwing', () => {
    const result = parseCassette('{"type":"cassette",');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/not valid JSON/);
  });

  it('rejects invalid UTF-8 bytes', () => {
    const result = parseCassette(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/UTF-8/);
  });

  it('rejects a JSON value that is not an object', () => {
    for (const raw of ['null', '42', '"cassette"', '[]']) {
      const result = parseCassette(raw);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/JSON object/);
    }
  });

  it('rejects another message type', () => {
    const result = parseCassette(encoder.encode('{"type":"chat","title":"a","content":"b"}'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/"type" must be "cassette"/);
  });

  it('names the missing or bad field', () => {
    const missing = parseCassette('{"type":"cassette","title":"ID"}');
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error).toMatch(/content/);

    const blankTitle = parseCassette('{"type":"cassette","title":"   ","content":"x"}');
    expect(blankTitle.ok).toBe(false);
    if (!blankTitle.ok) expect(blankTitle.error).toMatch(/title/);

    const longTitle = parseCassette(
      JSON.stringify({ type: 'cassette', title: 'x'.repeat(61), content: 'x' }),
    );
    expect(longTitle.ok).toBe(false);
    if (!longTitle.ok) expect(longTitle.error).toMatch(/title/);

    const emptyContent = parseCassette('{"type":"cassette","title":"ID","content":""}');
    expect(emptyContent.ok).toBe(false);
    if (!emptyContent.ok) expect(emptyContent.error).toMatch(/content/);
  });

  it('accepts content far beyond one reliable packet (it travels as a text stream)', () => {
    const content = 'a'.repeat(100_000);
    const bytes = encodeCassette({ type: 'cassette', title: 'Long', content });
    expect(bytes.byteLength).toBeGreaterThan(MAX_RELIABLE_PACKET_BYTES);
    const result = parseCassette(bytes);
    expect(result.ok && result.cassette.content).toBe(content);
  });

  it('describes every tool parameter for the model', () => {
    expect(PresentToCassetteParams.shape.title.description).toBeTruthy();
    expect(PresentToCassetteParams.shape.content.description).toBeTruthy();
    expect(CassetteMessage.shape.type.value).toBe('cassette');
  });
});
