/**
 * The one error shape of the edge. Routes throw `ApiError` (or answer with `errorResponse`);
 * `app.onError` and `app.notFound` turn everything else into the same body.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiErrorBody, ErrorCode } from '../contracts/api-schema.ts';

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly issues: ApiErrorBody['error']['issues'];

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    issues?: ApiErrorBody['error']['issues'],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export function errorBody(
  code: ErrorCode,
  message: string,
  issues?: ApiErrorBody['error']['issues'],
): ApiErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

export function errorResponse(c: Context, error: ApiError): Response {
  return c.json(errorBody(error.code, error.message, error.issues), error.status);
}

/** A path segment as an error may name it: capped, so a long key is not reflected whole. */
function segment(part: PropertyKey): string {
  const text = String(part);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * A zod failure as the common error, naming each field and what is wrong with it. Fields the
 * schema does not know are counted, never named: their names are the sender's words.
 */
export function validationError(error: z.core.$ZodError, what = 'request body'): ApiError {
  const issues = error.issues.slice(0, 10).map((issue) => ({
    path: issue.path.map(segment).join('.') || '(root)',
    message:
      issue.code === 'unrecognized_keys'
        ? `${issue.keys.length} unknown field${issue.keys.length === 1 ? '' : 's'}: only the documented fields are accepted`
        : issue.message.slice(0, 200),
  }));
  const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new ApiError(400, 'bad_request', `Invalid ${what}: ${summary}`, issues);
}
