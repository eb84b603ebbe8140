/**
 * The edge's one error shape, without zod: the codes and the check a browser session reads an
 * error answer with (`apiErrorOf`). Apart from `api.ts` because a first load names the routes
 * and never reads an error, and a module goes whole into the chunk of its first importer.
 * `api-schema.ts` holds the same shape as a zod schema (`ApiErrorBody`, the edge answers with
 * it) and re-exports the codes.
 */
import { isObject, list, object, oneOf, optional, text } from './checks.ts';

/** What went wrong, by code: the `code` of every error the edge answers with. */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden_origin',
  'origin_required',
  'forbidden_host',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'budget_exhausted',
  'too_many_sessions',
  'site_spent',
  'site_busy',
  'bmo_full',
  'not_configured',
  'misconfigured',
  'upstream_misconfigured',
  'upstream_busy',
  'upstream_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error from the edge: `{ "error": { "code", "message", "issues"? } }`. */
export interface ApiError {
  code: ErrorCode;
  message: string;
  /** Which fields failed validation, when the request body was the problem. */
  issues?: { path: string; message: string }[] | undefined;
}

/**
 * The error an edge's answer carries, when its body is the error shape (`ApiErrorBody` in
 * `api-schema.ts`); undefined for any other body.
 */
export function apiErrorOf(body: unknown): ApiError | undefined {
  const error = isObject(body) ? body.error : undefined;
  const issue = object({ path: text(), message: text() });
  const shaped = object({
    code: oneOf(...ERROR_CODES),
    message: text(),
    issues: optional(list(issue)),
  });
  return shaped(error) ? error : undefined;
}
