/**
 * `obsidian-query`: full-text search over the user's Markdown notes. The model gets the best
 * few passages with their note paths, and reads precise values from them.
 */
import { llm } from '@livekit/agents';
import { z } from 'zod';
import { OBSIDIAN_QUERY } from '../../contracts/tools.ts';
import type { Passage, VaultIndex } from '../vault-index.ts';
import type { LogFields } from '../log.ts';
import { type ToolReply, loggedExecute } from './logged.ts';

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

/** The tool's answer from an index (or its absence); never throws. */
export function queryVault(index: VaultIndex | undefined, args: ObsidianQueryParams): ToolReply {
  if (!index) {
    return {
      outcome: 'unavailable',
      output: 'Error: the notes vault is not available right now, so I cannot search the notes.',
    };
  }
  const limit = args.limit ?? DEFAULT_QUERY_LIMIT;
  const passages = index.search(args.query, limit);
  if (passages.length === 0) {
    return {
      outcome: 'not_found',
      output: `No notes match "${args.query}". Try other keywords, or tell the user nothing was found.`,
      fields: { results: 0 },
    };
  }
  return {
    outcome: 'ok',
    output: formatPassages(args.query, passages),
    fields: { results: passages.length },
  };
}

/**
 * @param getIndex resolves the vault index; it may still be building when the first call comes
 *   (the worker starts indexing in prewarm), and resolves to undefined when the vault is missing.
 * @param logContext fields for every `tool_call` event (the job id and room).
 */
export function createObsidianQueryTool(
  getIndex: () => Promise<VaultIndex | undefined>,
  logContext: LogFields = {},
) {
  return llm.tool({
    name: OBSIDIAN_QUERY,
    description:
      "Search the user's personal notes (an Obsidian vault of Markdown files) for facts such as IDs, account numbers, passwords, booking codes, recipes, contacts and plans. Returns the best matching passages with their note paths.",
    parameters: ObsidianQueryParams,
    execute: loggedExecute(
      OBSIDIAN_QUERY,
      async (args: ObsidianQueryParams) => queryVault(await getIndex(), args),
      logContext,
    ),
  });
}
