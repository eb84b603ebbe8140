/**
 * The real `@openai/agents-realtime` SDK in Node, over its WebSocket transport, against the local
 * reader's Node host: a whole reading through the four-agent graph (built here the way the app
 * builds it: RealtimeAgent + tool() + handoff() with the contract schemas), then follow-ups and a
 * clarification card, and a push-to-talk audio turn.
 */
import {
  OpenAIRealtimeWebSocket,
  RealtimeSession,
  type RealtimeItem,
  type RealtimeMessageItem,
} from '@openai/agents-realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardName } from '../../../contracts/cards.ts';
import { getCard } from '../../../reader/reading/deck.ts';
import { IntentHandoff, ReadingHandoff, SpreadHandoff } from '../../../contracts/reading-schema.ts';
import { startReaderServer, type ReaderServer } from '../../support/reader-node-host.ts';
import { type Recorder, buildAgents, handoffsOf } from '../../support/sdk-agents.ts';

/** History as it stands, with the agent that was active when each item first appeared. */
interface Tagged {
  item: RealtimeItem;
  agent: string;
}

function textOf(item: RealtimeItem): string {
  if (item.type !== 'message') return '';
  return item.content
    .map((part) =>
      part.type === 'output_text' || part.type === 'input_text'
        ? part.text
        : part.type === 'output_audio' || part.type === 'input_audio'
          ? (part.transcript ?? '')
          : '',
    )
    .join(' ');
}

async function until(
  check: () => boolean,
  what: string,
  timeoutMs = 10_000,
  detail: () => string = () => '',
): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) {
      const more = detail();
      throw new Error(`Timed out waiting for ${what}${more ? `: ${more}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Every agent the session has handed off to, in order, recorded as each handoff happens. A test that
 * waits for a phase waits on this list, never by sampling `session.currentAgent`: when the tools
 * answer at once (as `draw_card` does here), SpreadGeneration and Reading can each last less than
 * one sampling interval, and a sampler then sees only Followup.
 */

let server: ReaderServer;

beforeAll(async () => {
  server = await startReaderServer();
});

afterAll(async () => {
  await server.close();
});

describe('the local reader with the real Realtime SDK', () => {
  it('runs a whole text reading through the four agents, follow-ups and a clarification card', async () => {
    const recorder: Recorder = { draws: [], drawnCards: [], shows: [], handoffs: [] };
    const { intent } = buildAgents(recorder);
    const session = new RealtimeSession(intent, {
      transport: 'websocket',
      model: 'gpt-realtime',
      config: { outputModalities: ['text'] },
    });
    const transitions: [string, string][] = [];
    const ends: { agent: string; text: string }[] = [];
    const tagged = new Map<string, string>();
    const errors: unknown[] = [];
    session.on('agent_handoff', (_context, from, to) => transitions.push([from.name, to.name]));
    session.on('agent_end', (_context, agent, text) => ends.push({ agent: agent.name, text }));
    session.on('history_added', (item) => tagged.set(item.itemId, session.currentAgent.name));
    session.on('error', (error) => errors.push(error));
    const history = (): Tagged[] =>
      session.history.map((item) => ({ item, agent: tagged.get(item.itemId) ?? '' }));
    const assistantTexts = (agent: string) =>
      history()
        .filter(
          ({ item, agent: a }) =>
            a === agent && item.type === 'message' && item.role === 'assistant',
        )
        .map(({ item }) => textOf(item));

    const token = await server.mintToken(crypto.randomUUID());
    await session.connect({ apiKey: token, url: server.url });
    try {
      // IntentAssessment asks exactly one clarifying question.
      session.sendMessage('What should I focus on in my career this year?');
      await until(() => ends.some((end) => end.text.includes('?')), 'the clarifying question');
      expect(assistantTexts('IntentAssessment')).toHaveLength(1);
      expect(assistantTexts('IntentAssessment')[0]?.match(/\?/g)).toHaveLength(1);
      expect(transitions).toEqual([]);

      // The answer sends the reading all the way to Followup.
      session.sendMessage("I feel stuck at work and I'm not sure whether to stay.");
      await until(() => session.currentAgent.name === 'Followup', 'the handoff to Followup');
      await until(
        () => ends.some((end) => end.agent === 'Followup' && end.text !== ''),
        'the Followup greeting',
      );

      expect(transitions).toEqual([
        ['IntentAssessment', 'SpreadGeneration'],
        ['SpreadGeneration', 'Reading'],
        ['Reading', 'Followup'],
      ]);
      expect(recorder.handoffs.map(([to]) => to)).toEqual([
        'SpreadGeneration',
        'Reading',
        'Followup',
      ]);
      const intentInput = IntentHandoff.parse(recorder.handoffs[0]?.[1]);
      expect(intentInput.topic).toBe('career');
      expect(intentInput.timeframe).toBe('this year');
      const spreadInput = SpreadHandoff.parse(recorder.handoffs[1]?.[1]);
      const readingInput = ReadingHandoff.parse(recorder.handoffs[2]?.[1]);

      // draw_card once per position, with the position's own label and role; every card handed on.
      const positions = spreadInput.spread.positions;
      expect(positions.length).toBeGreaterThanOrEqual(1);
      expect(recorder.draws).toEqual(
        positions.map((p) => ({ positionLabel: p.label, promptRole: p.role })),
      );
      expect(spreadInput.cards.map((c) => c.cardId)).toEqual(
        recorder.drawnCards.map((c) => c.cardId),
      );
      expect(spreadInput.cards.map((c) => c.positionLabel)).toEqual(positions.map((p) => p.label));

      // show_card once per drawn card, in order, with its orientation.
      expect(recorder.shows).toEqual(
        spreadInput.cards.map((c) => ({ cardId: c.cardId, reversed: c.reversed })),
      );
      expect(readingInput.interpretations.map((i) => i.cardId)).toEqual(
        spreadInput.cards.map((c) => c.cardId),
      );

      // Every card is shown before its interpretation appears, and the interpretation names the
      // card and carries the deck's meaning for its orientation.
      const items = history();
      for (const drawn of spreadInput.cards) {
        const card = getCard(drawn.cardId);
        expect(card).toBeDefined();
        if (!card) continue;
        const shownAt = items.findIndex(
          ({ item }) =>
            item.type === 'function_call' &&
            item.name === 'show_card' &&
            JSON.parse(item.arguments).cardId === drawn.cardId,
        );
        const interpretedAt = items.findIndex(
          ({ item, agent }) =>
            agent === 'Reading' &&
            item.type === 'message' &&
            item.role === 'assistant' &&
            textOf(item).includes(card.name) &&
            textOf(item).includes((drawn.reversed ? card.reversed : card.upright).meaning),
        );
        expect(shownAt, `show_card for ${card.name}`).toBeGreaterThanOrEqual(0);
        expect(interpretedAt, `interpretation of ${card.name}`).toBeGreaterThan(shownAt);
      }
      // A synthesis and advice close the reading before the handoff.
      expect(assistantTexts('Reading').join(' ')).toContain(readingInput.advice);
      expect(assistantTexts('Reading').join(' ')).toContain(readingInput.synthesis);

      // A follow-up question is answered from the existing cards.
      const last = spreadInput.cards[spreadInput.cards.length - 1];
      const lastName = last ? cardName(last.cardId) : undefined;
      const endsBefore = ends.length;
      session.sendMessage(
        `What does the ${last?.positionLabel ?? 'last'} card mean for my next step?`,
      );
      await until(
        () => ends.length > endsBefore && ends[ends.length - 1]?.text !== '',
        'a follow-up answer',
      );
      const answer = ends[ends.length - 1];
      expect(answer?.agent).toBe('Followup');
      expect(answer?.text).toContain(lastName);
      expect(recorder.draws).toHaveLength(positions.length);

      // A clarification request draws one more card, shows it, then interprets it.
      session.sendMessage('Could you draw a clarification card about what to do first?');
      await until(
        () => recorder.shows.length === spreadInput.cards.length + 1,
        'the clarification show_card',
      );
      await until(
        () => ends.some((end) => end.agent === 'Followup' && end.text.includes('Clarification')),
        'the clarification interpretation',
      );
      expect(recorder.draws).toHaveLength(positions.length + 1);
      expect(recorder.draws[recorder.draws.length - 1]?.positionLabel).toBe('Clarification');
      const extra = recorder.drawnCards[recorder.drawnCards.length - 1];
      expect(recorder.shows[recorder.shows.length - 1]).toEqual({
        cardId: extra?.cardId,
        reversed: extra?.reversed,
      });
      const after = history();
      const extraShownAt = after.findLastIndex(
        ({ item }) => item.type === 'function_call' && item.name === 'show_card',
      );
      const extraReadAt = after.findLastIndex(
        ({ item, agent }) =>
          agent === 'Followup' &&
          item.type === 'message' &&
          item.role === 'assistant' &&
          textOf(item).includes(extra?.cardName ?? '?'),
      );
      expect(extraReadAt).toBeGreaterThan(extraShownAt);
      expect(errors).toEqual([]);
    } finally {
      session.close();
    }
  });

  it('answers a push-to-talk audio turn with the demo script, saying plainly it cannot hear', async () => {
    const recorder: Recorder = { draws: [], drawnCards: [], shows: [], handoffs: [] };
    const { intent } = buildAgents(recorder);
    // Push-to-talk as the app does it: no turn detection, commit on release, then ask for a reply.
    const transport = new OpenAIRealtimeWebSocket();
    const session = new RealtimeSession(intent, {
      transport,
      model: 'gpt-realtime',
      config: { outputModalities: ['audio'], audio: { input: { turnDetection: null } } },
    });
    const ends: string[] = [];
    session.on('agent_end', (_context, _agent, text) => ends.push(text));
    const reached = handoffsOf(session);
    // What the session saw, for the message of a timeout (this test once timed out under load).
    const seen: string[] = [];
    const errors: string[] = [];
    transport.on('*', (event: { type?: unknown }) => seen.push(String(event.type)));
    session.on('error', ({ error }) =>
      errors.push(error instanceof Error ? error.message : JSON.stringify(error)),
    );
    const trail = () =>
      `agent ${session.currentAgent.name}; errors [${errors.join(' | ')}]; last events [${seen.slice(-40).join(', ')}]`;
    await session.connect({ apiKey: await server.mintToken(crypto.randomUUID()), url: server.url });
    try {
      // 100 ms of silence at 24 kHz, 16-bit mono.
      session.sendAudio(new ArrayBuffer(4800), { commit: true });
      transport.requestResponse();
      await until(() => ends.length > 0, 'the reply to the audio turn', 10_000, trail);
      expect(ends[0]).toContain(
        "I'm the offline reader and can't hear speech, so I'll follow a demo script:",
      );
      // The reply is a spoken transcript (audio modality), and the user's turn has no transcript.
      const messages = session.history.filter(
        (item): item is RealtimeMessageItem => item.type === 'message',
      );
      const user = messages.find((item) => item.role === 'user');
      expect(user?.content).toMatchObject([{ type: 'input_audio', transcript: null }]);
      const reply = messages.find((item) => item.role === 'assistant');
      expect(reply?.content[0]?.type).toBe('output_audio');
      // The script carries on: the next audio turn is the scripted answer, and the reading moves on.
      session.sendAudio(new ArrayBuffer(4800), { commit: true });
      transport.requestResponse();
      // The tools here answer at once, so the reading runs on to Followup without waiting for
      // anyone: on a fast machine it got there between two looks of a test that sampled the
      // current agent. Waiting for Followup first makes that order happen every time; the handoff
      // to SpreadGeneration must still be seen, in the recorded chain.
      await until(
        () => reached.includes('Followup'),
        'the reading to reach Followup',
        10_000,
        trail,
      );
      expect(reached).toEqual(['SpreadGeneration', 'Reading', 'Followup']);
      expect(recorder.handoffs.map(([to]) => to)).toEqual([
        'SpreadGeneration',
        'Reading',
        'Followup',
      ]);
    } finally {
      session.close();
    }
  });
});
