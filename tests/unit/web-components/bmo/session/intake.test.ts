import { ParticipantKind } from 'livekit-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeCassette } from '../../../../../contracts/cassette-schema.ts';
import type { LogEvent } from '../../../../../contracts/events-schema.ts';
import { configureEvents, SessionLog } from '../../../../../web-components/events/index.ts';
import { SenderHoldBuffer } from '../../../../../web-components/bmo/session/held-packets.ts';
import {
  readCapped,
  RoomIntake,
  type IncomingTextStream,
} from '../../../../../web-components/bmo/session/intake.ts';
import {
  abilitiesFromAttributes,
  abilitiesNotice,
  engineFromAttribute,
  MAX_CASSETTE_STREAM_BYTES,
  MAX_TRANSCRIPTION_STREAM_BYTES,
  senderStatus,
  transcriptionSpeaker,
} from '../../../../../web-components/bmo/session/rules.ts';
import { tokenUrlFor } from '../../../../../web-components/bmo/host/assistant-controller.ts';
import { bmoConversationEs } from '../../../../../web-components/bmo/i18n/conversation-es.ts';
import { bmoEs } from '../../../../../web-components/bmo/i18n/es.ts';
import { createBmoStores } from '../../../../../web-components/stores/bmo.ts';
import { createCassetteStore } from '../../../../../web-components/stores/cassette.ts';

beforeAll(() => configureEvents({ console: false, endpoint: null }));

const cassetteJson = (title: string, content: string) =>
  JSON.stringify({ type: 'cassette', title, content });

function stream(
  chunks: string[],
  info: Partial<IncomingTextStream['info']> = {},
  options: { breakAfter?: number } = {},
): IncomingTextStream & { pulled: () => number } {
  let pulled = 0;
  return {
    info: { id: 'stream-1', topic: 'cassette', ...info },
    pulled: () => pulled,
    async *[Symbol.asyncIterator]() {
      for (const chunk of chunks) {
        if (options.breakAfter !== undefined && pulled >= options.breakAfter) {
          throw new Error('the sender went away');
        }
        pulled += 1;
        yield chunk;
      }
    },
  };
}

/** An intake over fresh stores, with a room that knows the participants in `kinds`. */
function intakeWith(kinds: Map<string, ParticipantKind>, now?: () => number) {
  const stores = createBmoStores();
  const cassette = createCassetteStore();
  const events: LogEvent[] = [];
  const log = new SessionLog('intake-test', { emit: (e) => (events.push(e), true) });
  const arrivals: string[] = [];
  const intake = new RoomIntake(
    {
      stores,
      cassette,
      log,
      localIdentity: () => 'visitor',
      kindOf: (identity) => kinds.get(identity),
      isCurrent: () => true,
      msSinceJoin: () => 60_000,
      connectionStatus: () => 'connected',
      onCassette: (title) => arrivals.push(title),
    },
    {},
    now,
  );
  const drops = () =>
    events
      .flatMap((e) => (e.event === 'error' ? [e.message] : []))
      .filter((m) => /Dropped/.test(m));
  return { intake, stores, cassette, arrivals, drops };
}

describe('who sent it', () => {
  const kinds = new Map<string, ParticipantKind>([
    ['agent-1', ParticipantKind.AGENT],
    ['guest', ParticipantKind.STANDARD],
  ]);
  const kindOf = (identity: string) => kinds.get(identity);

  it('tells an agent, another participant, and a sender not known yet apart', () => {
    expect(senderStatus('agent-1', kindOf)).toBe('agent');
    expect(senderStatus('guest', kindOf)).toBe('other');
    expect(senderStatus('newcomer', kindOf)).toBe('unknown');
    expect(senderStatus('', kindOf), 'a hidden participant is never an agent').toBe('other');
    expect(senderStatus(undefined, kindOf)).toBe('other');
  });

  it("shows transcription only as BMO's words when an agent sent it, and the visitor's own when sent on their behalf", () => {
    expect(transcriptionSpeaker('agent-1', 'visitor', 'agent')).toBe('agent');
    expect(transcriptionSpeaker('visitor', 'visitor', 'other')).toBe('user');
    expect(transcriptionSpeaker('guest', 'visitor', 'other')).toBe('drop');
    expect(transcriptionSpeaker('newcomer', 'visitor', 'unknown')).toBe('unknown');
  });

  it('reads the engine BMO names, and nothing else', () => {
    expect(engineFromAttribute('offline')).toBe('offline');
    expect(engineFromAttribute('openai')).toBe('openai');
    expect(engineFromAttribute('OFFLINE')).toBeUndefined();
    expect(engineFromAttribute(undefined)).toBeUndefined();
  });

  it('reads what BMO has from its attributes, and says it in plain words', () => {
    const offline = { 'bmo.engine': 'offline' };
    const talks = abilitiesFromAttributes({ ...offline, 'bmo.hearing': 'on', 'bmo.speech': 'on' });
    expect(talks).toEqual({ engine: 'offline', hearing: 'on', speech: 'on' });
    expect(abilitiesNotice(talks)).toBe('Offline BMO: talk or type. It hears English.');
    // a BMO that does not say whether it hears: offline, it is one from before, that types only
    expect(abilitiesFromAttributes(offline).hearing).toBe('off');
    expect(abilitiesFromAttributes({ 'bmo.engine': 'openai' }).hearing).toBeUndefined();
    expect(abilitiesFromAttributes({ 'bmo.hearing': 'loud' }).hearing).toBeUndefined();
    const notice = (attributes: Record<string, string>) =>
      abilitiesNotice(abilitiesFromAttributes(attributes));
    expect(notice({ ...offline, 'bmo.hearing': 'off', 'bmo.speech': 'off' })).toBe(
      "BMO can't hear you here: type to BMO.",
    );
    expect(notice({ ...offline, 'bmo.hearing': 'down', 'bmo.speech': 'on' })).toBe(
      "BMO's hearing stopped working. Type to BMO until it's back.",
    );
    expect(notice({ ...offline, 'bmo.hearing': 'on', 'bmo.speech': 'down' })).toBe(
      "BMO answers in text here: its voice isn't available.",
    );
    expect(notice({ 'bmo.engine': 'openai', 'bmo.hearing': 'on', 'bmo.speech': 'on' })).toBeNull();
    const es = { ...bmoEs, ...bmoConversationEs };
    expect(abilitiesNotice({ engine: 'offline', hearing: 'off', speech: 'off' }, es)).toBe(
      'BMO no puede oírte aquí: escríbele.',
    );
  });

  it('asks token-url when set, else the token route below api-base, else this page’s', () => {
    expect(tokenUrlFor('', '')).toBe('/api/livekit/token');
    expect(tokenUrlFor('https://edge.example/', '')).toBe('https://edge.example/api/livekit/token');
    expect(tokenUrlFor('https://edge.example', 'https://other.example/t')).toBe(
      'https://other.example/t',
    );
  });
});

describe('SenderHoldBuffer', () => {
  it('holds within a count, a byte and an age budget, refusing what does not fit', () => {
    let now = 0;
    const buffer = new SenderHoldBuffer<string>(
      { maxItems: 2, maxBytes: 10, maxAgeMs: 1_000 },
      () => now,
    );
    expect(buffer.hold('a', 'one', 4).held).toBe(true);
    expect(buffer.hold('a', 'too big', 7).held, 'past the byte budget').toBe(false);
    expect(buffer.hold('b', 'two', 4).held).toBe(true);
    expect(buffer.hold('b', 'three', 1).held, 'past the count').toBe(false);
    expect(buffer.hold('', 'hidden', 1).held, 'a hidden sender is never held').toBe(false);
    expect([buffer.size, buffer.bytes]).toEqual([2, 8]);

    now = 500;
    expect(buffer.take('a')).toEqual({ fresh: ['one'], expired: [] });
    now = 1_001;
    expect(buffer.take('b')).toEqual({ fresh: [], expired: ['two'] });
    expect([buffer.size, buffer.bytes]).toEqual([0, 0]);
  });
});

describe('readCapped', () => {
  it('stops reading past the cap, whatever size the stream declared', async () => {
    const source = stream(['aaaa', 'bbbb', 'cccc', 'dddd'], { size: 0 });
    const read = await readCapped(source, 6);
    expect(read).toEqual({ text: 'aaaa', overCap: true, complete: false });
    expect(source.pulled(), 'no chunk read after the cap').toBe(2);
  });

  it('counts bytes, not characters', async () => {
    expect((await readCapped(stream(['ééé']), 5)).overCap).toBe(true);
    expect(await readCapped(stream(['ééé']), 6)).toEqual({
      text: 'ééé',
      overCap: false,
      complete: true,
    });
  });
});

describe('RoomIntake', () => {
  it('shows an agent’s cassette packet and drops another participant’s, logging why', () => {
    const kinds = new Map([
      ['bmo', ParticipantKind.AGENT],
      ['guest', ParticipantKind.STANDARD],
    ]);
    const { intake, cassette, arrivals, drops } = intakeWith(kinds);
    intake.packet(
      encodeCassette({ type: 'cassette', title: 'Forged', content: 'x' }),
      'guest',
      'cassette',
    );
    expect(cassette.$cassette.get()).toBeNull();
    intake.packet(
      encodeCassette({ type: 'cassette', title: 'PIN', content: '1234' }),
      'bmo',
      'cassette',
    );
    expect(cassette.$cassette.get()).toMatchObject({ title: 'PIN', content: '1234' });
    expect(arrivals).toEqual(['PIN']);
    expect(drops()).toHaveLength(1);
    expect(drops()[0]).toContain('not_agent');
  });

  it('holds a packet from a sender not known yet, and shows it once that sender is known to be an agent', () => {
    const kinds = new Map<string, ParticipantKind>();
    const { intake, cassette, arrivals } = intakeWith(kinds);
    intake.packet(cassetteJson('Early', 'first words'), 'bmo', 'cassette');
    expect(intake.heldCount).toBe(1);
    expect(cassette.$cassette.get(), 'not shown before its sender is known').toBeNull();
    kinds.set('bmo', ParticipantKind.AGENT);
    intake.participantKnown('bmo', ParticipantKind.AGENT);
    expect(cassette.$cassette.get()).toMatchObject({ title: 'Early', content: 'first words' });
    expect(arrivals).toEqual(['Early']);
    expect(intake.heldCount).toBe(0);
  });

  it('drops what a sender not known yet sent when it turns out not to be an agent, or never becomes known', () => {
    let now = 0;
    const { intake, cassette, drops } = intakeWith(new Map(), () => now);
    intake.packet(cassetteJson('Forged', 'x'), 'guest', 'cassette');
    intake.participantKnown('guest', ParticipantKind.STANDARD);
    expect(cassette.$cassette.get()).toBeNull();
    intake.packet(cassetteJson('Late', 'y'), 'ghost', 'cassette');
    now = 60_000;
    intake.participantKnown('ghost', ParticipantKind.AGENT);
    expect(cassette.$cassette.get(), 'too late: dropped, not shown').toBeNull();
    expect(drops().map((m) => m.replace(/:.*/, ''))).toEqual([
      'Dropped a cassette message (not_agent',
      'Dropped a cassette message (expired',
    ]);
  });

  it('aborts a cassette stream past the byte cap whatever size it declares (none, 0, or a lie)', async () => {
    const kinds = new Map([['bmo', ParticipantKind.AGENT]]);
    const big = 'x'.repeat(1024 * 1024);
    for (const size of [undefined, 0, 10]) {
      const { intake, cassette, drops } = intakeWith(kinds);
      const source = stream(
        Array.from({ length: 6 }, () => big),
        { size },
      );
      await intake.cassetteStream(source, 'bmo');
      expect(cassette.$cassette.get()).toBeNull();
      expect(source.pulled()).toBeLessThanOrEqual(MAX_CASSETTE_STREAM_BYTES / big.length + 1);
      expect(drops()[0]).toContain('too_large');
    }
  });

  it('does not read a cassette stream from a participant that is not an agent', async () => {
    const kinds = new Map([['guest', ParticipantKind.STANDARD]]);
    const { intake, cassette } = intakeWith(kinds);
    const source = stream([cassetteJson('Forged', 'x')]);
    await intake.cassetteStream(source, 'guest');
    expect(source.pulled()).toBe(0);
    expect(cassette.$cassette.get()).toBeNull();
  });

  it('shows transcription from the agent only, cut at its size cap', async () => {
    const kinds = new Map([
      ['bmo', ParticipantKind.AGENT],
      ['guest', ParticipantKind.STANDARD],
    ]);
    const { intake, stores } = intakeWith(kinds);
    const topic = 'lk.transcription';
    await intake.transcriptionStream(stream(['I am BMO'], { id: 'g', topic }), 'guest');
    await intake.transcriptionStream(stream(['Hello', ' there!'], { id: 'a', topic }), 'bmo');
    await intake.transcriptionStream(stream(['what time'], { id: 'u', topic }), 'visitor');
    const long = 'y'.repeat(MAX_TRANSCRIPTION_STREAM_BYTES / 2);
    await intake.transcriptionStream(stream([long, long, long], { id: 'l', topic }), 'bmo');
    const lines = stores.$transcript.get();
    expect(lines.map((l) => [l.id, l.speaker, l.text.length, l.final])).toEqual([
      ['a', 'agent', 'Hello there!'.length, true],
      ['u', 'user', 'what time'.length, true],
      ['l', 'agent', MAX_TRANSCRIPTION_STREAM_BYTES, true],
    ]);
  });

  it('holds a transcription from a sender not known yet and shows it once the sender is an agent', async () => {
    const kinds = new Map<string, ParticipantKind>();
    const { intake, stores } = intakeWith(kinds);
    await intake.transcriptionStream(
      stream(['Hi! BMO here.'], { id: 'early', topic: 'lk.transcription' }),
      'bmo',
    );
    expect(stores.$transcript.get()).toEqual([]);
    intake.participantKnown('bmo', ParticipantKind.AGENT);
    expect(stores.$transcript.get()).toEqual([
      { id: 'early', speaker: 'agent', text: 'Hi! BMO here.', final: true },
    ]);
  });
});
