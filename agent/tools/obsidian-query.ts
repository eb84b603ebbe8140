/**
 * `obsidian-query`: full-text search over the user's Markdown notes. The model gets the best
 * few passages with their note paths, and reads precise values from them.
 */
import { llm } from '@livekit/agents';
import { z } from 'zod';
import { OBSIDIAN_QUERY } from '../../contracts/tools.ts';
import { ACCESS_ATTRIBUTE, AccessLevel } from '../../contracts/livekit-schema.ts';
import type { Passage, VaultIndex } from '../vault-index.ts';
import type { LogFields } from '../log.ts';
import { type ToolReply, loggedExecute } from './logged.ts';
import { linkedParticipant } from './session-room.ts';

export { OBSIDIAN_QUERY };

export const ObsidianQueryParams = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe(
      'Keywords to look for in the notes, e.g. "philhealth id" or "guest wifi password". Use the distinctive words, not a full sentence.',
    ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(10)
    .optional()
    .describe('How many passages to return, 1 to 10 (default 3).'),
});
export type ObsidianQueryParams = z.infer<typeof ObsidianQueryParams>;

export const DEFAULT_QUERY_LIMIT = 3;

/** The passages as the model reads them. */
export function formatPassages(query: string, passages: Passage[]): string {
  const lines = [
    `Found ${passages.length} passage${passages.length === 1 ? '' : 's'} for "${query}":`,
  ];
  passages.forEach((passage, i) => {
    const where = passage.heading ? `${passage.path} (section "${passage.heading}")` : passage.path;
    lines.push('', `${i + 1}. ${where}`, passage.text || '(empty section)');
  });
  return lines.join('\n');
}

/** A passage as `formatPassages` wrote it, read back (what a model reads of the tool's output). */
export interface ReadPassage {
  path: string;
  heading: string;
  text: string;
}

const PASSAGE_HEADER = /^(\d+)\. (.+?\.md)(?: \(section "(.*)"\))?$/i;

/** Reads the passages back out of `formatPassages`' text; empty for any other output. */
export function parsePassages(output: string): ReadPassage[] {
  const lines = output.split('\n');
  if (!lines[0]?.startsWith('Found ')) return [];
  const passages: ReadPassage[] = [];
  let current: { path: string; heading: string; lines: string[] } | undefined;
  for (const line of lines.slice(1)) {
    const header = PASSAGE_HEADER.exec(line);
    // a header is the next number in the list, so a numbered line inside a note is text
    if (header && Number(header[1]) === passages.length + (current ? 2 : 1)) {
      if (current) passages.push({ ...current, text: current.lines.join('\n').trim() });
      current = { path: header[2] ?? '', heading: header[3] ?? '', lines: [] };
    } else {
      current?.lines.push(line);
    }
  }
  if (current) passages.push({ ...current, text: current.lines.join('\n').trim() });
  return passages.map(({ path, heading, text }) => ({ path, heading, text }));
}

/**
 * What the person BMO is talking with may read, from the `bmo.access` attribute the edge wrote
 * into their token (a participant cannot change it). Anything else, or nobody linked yet, is a
 * visitor: fail closed.
 */
export function participantAccess(ctx: llm.ToolOptions<unknown>['ctx']): AccessLevel {
  return participantAccessLevel(linkedParticipant(ctx));
}

/** The same, for a participant at hand (the job's visitor, before the session links them). */
export function participantAccessLevel(
  participant: { attributes: Record<string, string> } | undefined,
): AccessLevel {
  const parsed = AccessLevel.safeParse(participant?.attributes[ACCESS_ATTRIBUTE]);
  return parsed.success ? parsed.data : 'visitor';
}

/**
 * The tool's answer from an index (or its absence); never throws. A visitor searches the public
 * notes only, on an index that never held the private ones.
 */
export function queryVault(
  index: VaultIndex | undefined,
  args: ObsidianQueryParams,
  access: AccessLevel = 'visitor',
): ToolReply {
  if (!index) {
    return {
      outcome: 'unavailable',
      output: 'Error: the notes vault is not available right now, so I cannot search the notes.',
    };
  }
  const limit = args.limit ?? DEFAULT_QUERY_LIMIT;
  const passages = index.search(args.query, limit, access === 'owner' ? 'all' : 'public');
  if (passages.length === 0) {
    return {
      outcome: 'not_found',
      output: `No notes match "${args.query}". Try other keywords, or tell the user nothing was found.`,
      fields: { results: 0, access },
    };
  }
  return {
    outcome: 'ok',
    output: formatPassages(args.query, passages),
    fields: { results: passages.length, access },
  };
}

/**
 * @param getIndex resolves the vault index; it may still be building when the first call comes
 *   (the worker starts indexing in prewarm), and resolves to undefined when the vault is missing.
 * @param logContext fields for every `tool_call` event (the job id and room).
 * @param access who the search is for; by default the linked participant's token attribute.
 */
export function createObsidianQueryTool(
  getIndex: () => Promise<VaultIndex | undefined>,
  logContext: LogFields = {},
  access: (ctx: llm.ToolOptions<unknown>['ctx']) => AccessLevel = participantAccess,
) {
  return llm.tool({
    name: OBSIDIAN_QUERY,
    description:
      "Search the user's personal notes (an Obsidian vault of Markdown files) for facts such as IDs, account numbers, passwords, booking codes, recipes, contacts and plans. Returns the best matching passages with their note paths.",
    parameters: ObsidianQueryParams,
    execute: loggedExecute(
      OBSIDIAN_QUERY,
      async (args: ObsidianQueryParams, { ctx }) => queryVault(await getIndex(), args, access(ctx)),
      logContext,
    ),
  });
}
