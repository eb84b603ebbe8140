/**
 * The reading's two tools. `draw_card` opens the card picker and waits for the person's pick;
 * `show_card` puts a drawn card on the stage and waits for it to be shown. Neither ever throws to
 * the SDK: every failure (bad parameters, an unknown or already drawn card, a cancelled or timed
 * out pick) comes back to the agent as a ToolErrorResult, is logged, and leaves the phase alone.
 *
 * One instance per agent, so each logged call names the agent that made it.
 */
import { tool } from '@openai/agents-core';
import type { RealtimeContextData } from '@openai/agents-realtime';
import {
  type AgentName,
  DrawCardParams,
  DrawCardResult,
  type DrawnCard,
  ShowCardParams,
  type ShowCardResult,
  type ToolErrorResult,
} from '../../../contracts/reading-schema.ts';
import { READING_GRAPH } from '../../../contracts/agent-graph.ts';
import { DRAW_CARD, SHOW_CARD, type TarotToolName } from '../../../contracts/tools.ts';
import { describeError } from '../../events/index.ts';
import { type ReadingHost, type ReadingRunContext, factsOf, toolError } from './context.ts';

type ToolContext = RealtimeContextData<ReadingRunContext>;
type ToolName = TarotToolName;

const ERROR_KIND = {
  validation: 'validation',
  timeout: 'timeout',
  not_found: 'tool',
  cancelled: 'tool',
  ui: 'tool',
  already_drawn: 'tool',
} as const;

/** Logs a finished call and, for a failure, the error; returns the result unchanged. */
function finish<T extends object>(
  host: ReadingHost,
  name: ToolName,
  agent: AgentName,
  params: Record<string, string | number | boolean>,
  startedAt: number,
  result: T | ToolErrorResult,
): T | ToolErrorResult {
  const failed = 'success' in result && result.success === false;
  host.logToolCall({
    tool: name,
    agent,
    params,
    result: failed ? 'error' : 'success',
    ...(failed ? { errorCode: result.error.code } : {}),
    durationMs: host.now() - startedAt,
  });
  if (failed) {
    host.logError({
      type: ERROR_KIND[result.error.code],
      message: `${name} failed (${result.error.code}): ${result.error.message}`,
      agent,
    });
  }
  const t = host.strings();
  host.store.setToolActivity({
    tool: name,
    status: failed ? 'error' : 'success',
    label: failed
      ? (name === DRAW_CARD ? t.toolDrawFailed : t.toolShowFailed)(result.error.message)
      : name === DRAW_CARD
        ? t.toolDrawn
        : t.toolShown,
  });
  return result;
}

/** For arguments the SDK could not parse: the agent still gets a ToolErrorResult, as JSON. */
function parameterError(
  host: ReadingHost,
  name: ToolName,
  agent: AgentName,
  error: unknown,
): string {
  const result = toolError(
    'validation',
    `The arguments did not match the tool's parameters (${describeError(error, 'invalid arguments')}). Call ${name} again with valid arguments.`,
  );
  finish(host, name, agent, {}, host.now(), result);
  return JSON.stringify(result);
}

export function createDrawCardTool(host: ReadingHost, agent: AgentName) {
  return tool<typeof DrawCardParams, ToolContext>({
    name: DRAW_CARD,
    description:
      'Ask the person to pick one card from the shuffled deck for one position of the spread. ' +
      'Call it once per position, after describing what the position means; the card picker ' +
      'opens on screen and the call returns when the person has picked: { cardId, cardName, ' +
      'reversed }. Never invent cards. If it returns success: false, apologise briefly and call ' +
      'it again for the same position (or ask whether to retry); do not move on to another phase.',
    parameters: DrawCardParams,
    errorFunction: (_context, error) => parameterError(host, DRAW_CARD, agent, error),
    async execute(params, runContext): Promise<DrawCardResult | ToolErrorResult> {
      const startedAt = host.now();
      // promptRole is written from the visitor's question: logged by its length, never its words.
      const logged = {
        positionLabel: params.positionLabel,
        promptRoleLength: params.promptRole.length,
      };
      const done = (result: DrawCardResult | ToolErrorResult) =>
        finish(host, DRAW_CARD, agent, logged, startedAt, result);
      if (host.pickPending()) {
        return done(
          toolError(
            'ui',
            'Another card is already being drawn. Wait for it before drawing the next.',
          ),
        );
      }
      const facts = factsOf(runContext, host.facts);
      // the position's key named in the visitor's language (a label that is no key, as it came)
      const t = host.strings();
      host.store.setToolActivity({
        tool: DRAW_CARD,
        status: 'running',
        label: t.toolDrawing(t.position(params.positionLabel)),
      });
      try {
        const outcome = await host.requestPick(params);
        if (outcome.status !== 'picked') return done(toolError(outcome.status, outcome.message));
        const pick = DrawCardResult.safeParse(outcome.pick);
        if (!pick.success) {
          return done(
            toolError('validation', 'The picker sent a card the reading could not read.'),
          );
        }
        const card = host.lookupCard(pick.data.cardId);
        if (!card) {
          return done(
            toolError('not_found', `There is no card "${pick.data.cardId}" in the deck.`),
          );
        }
        if (facts.cards.some((drawn) => drawn.cardId === card.id)) {
          return done(
            toolError(
              'already_drawn',
              `${card.name} has already been drawn in this reading. Ask the person to pick another card.`,
            ),
          );
        }
        const drawn: DrawnCard = {
          cardId: card.id,
          cardName: card.name,
          reversed: pick.data.reversed,
          positionLabel: params.positionLabel,
          promptRole: params.promptRole,
        };
        facts.cards.push(drawn);
        host.store.addDrawnCard(drawn);
        host.countCardDrawn();
        return done({ cardId: card.id, cardName: card.name, reversed: pick.data.reversed });
      } catch (error) {
        return done(toolError('ui', describeError(error, 'The card picker failed.')));
      }
    },
  });
}

export function createShowCardTool(host: ReadingHost, agent: AgentName) {
  return tool<typeof ShowCardParams, ToolContext>({
    name: SHOW_CARD,
    description:
      'Display a card on screen before interpreting it. Call it with the cardId and reversed ' +
      'values the card was drawn with, wait for it to return { success: true }, and only then ' +
      'give that card’s interpretation. Call it once per card; never for a card already shown. ' +
      'If it returns success: false, apologise briefly and skip that card or retry.',
    parameters: ShowCardParams,
    errorFunction: (_context, error) => parameterError(host, SHOW_CARD, agent, error),
    async execute(params, runContext): Promise<ShowCardResult | ToolErrorResult> {
      const startedAt = host.now();
      const done = (result: ShowCardResult | ToolErrorResult) =>
        finish(host, SHOW_CARD, agent, { ...params }, startedAt, result);
      const facts = factsOf(runContext, host.facts);
      const card = host.lookupCard(params.cardId);
      if (!card) {
        return done(toolError('not_found', `There is no card "${params.cardId}" in the deck.`));
      }
      if (!facts.cards.some((drawn) => drawn.cardId === card.id)) {
        const drawnIds = facts.cards.map((drawn) => drawn.cardId).join(', ') || 'none yet';
        return done(
          toolError(
            'not_found',
            `${card.name} has not been drawn in this reading. Show only drawn cards: ${drawnIds}.`,
          ),
        );
      }
      host.store.setToolActivity({
        tool: SHOW_CARD,
        status: 'running',
        label: host.strings().toolShowing(host.strings().cardName(card.id), params.reversed),
      });
      try {
        host.store.showCard({ cardId: card.id, cardName: card.name, reversed: params.reversed });
        await host.waitForShown(card.id);
        host.store.markCardShown(card.id);
        if (!facts.shownCardIds.includes(card.id)) facts.shownCardIds.push(card.id);
        return done({ success: true, cardId: card.id, reversed: params.reversed });
      } catch (error) {
        return done(toolError('ui', describeError(error, 'The card could not be shown.')));
      }
    },
  });
}

/** The function tools the agent graph gives `agent` (`contracts/agent-graph.ts`), for this host. */
export function toolsFor(host: ReadingHost, agent: AgentName) {
  const make = { [DRAW_CARD]: createDrawCardTool, [SHOW_CARD]: createShowCardTool };
  return READING_GRAPH[agent].tools.map((name: TarotToolName) => make[name](host, agent));
}
