/**
 * BMO: the `voice.Agent` with its instructions and its three tools. The worker entry (main.ts)
 * builds one per job; tests build one with their own vault and room.
 */
import { type llm, voice } from '@livekit/agents';
import type { AccessLevel } from '../contracts/livekit-schema.ts';
import type { LogFields } from './log.ts';
import type { VaultIndex } from './vault-index.ts';
import { bmoInstructions } from './prompt.ts';
import type { SupportedLang } from '../contracts/locale.ts';
import { createObsidianQueryTool } from './tools/obsidian-query.ts';
import {
  type CassetteDeck,
  type PresentToCassetteToolOptions,
  createPresentToCassetteTool,
} from './tools/present-to-cassette.ts';
import { type GetCurrentTimeToolOptions, createGetCurrentTimeTool } from './tools/time.ts';

export interface BmoAgentOptions {
  /** Resolves the notes index (it may still be building when the job starts). */
  vault: () => Promise<VaultIndex | undefined>;
  /** The job's current cassette. */
  deck: CassetteDeck;
  /** Overrides how the cassette tool finds the room (tests). */
  resolveRoom?: PresentToCassetteToolOptions['resolveRoom'];
  /** Overrides the clock (tests). */
  now?: GetCurrentTimeToolOptions['now'];
  /** Fields for every `tool_call` event: the job id and room. */
  logContext?: LogFields;
  /** The visitor's checked language (their token's `bmo.lang`); English by default. */
  lang?: SupportedLang;
  /** Overrides who the notes search is for (tests); by default the visitor's token attribute. */
  access?: (ctx: llm.ToolOptions<unknown>['ctx']) => AccessLevel;
}

export function createBmoTools(options: BmoAgentOptions) {
  return [
    createGetCurrentTimeTool({ now: options.now, logContext: options.logContext }),
    createObsidianQueryTool(options.vault, options.logContext, options.access),
    createPresentToCassetteTool({
      deck: options.deck,
      resolveRoom: options.resolveRoom,
      logContext: options.logContext,
    }),
  ];
}

export function createBmoAgent(options: BmoAgentOptions): voice.Agent {
  return new voice.Agent({
    instructions: bmoInstructions(options.lang),
    tools: createBmoTools(options),
  });
}
