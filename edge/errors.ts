/**
 * The one error shape of the edge. Routes throw `ApiError` (or answer with `errorResponse`);
 * `app.onError` and `app.notFound` turn everything else into the same body.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiErrorBody, ErrorCode } from '../contracts/api.ts';

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

/** A zod failure as the common error, naming each field and what is wrong with it. */
export function validationError(error: z.core.$ZodError, what = 'request body'): ApiError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));
  const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new ApiError(400, 'bad_request', `Invalid ${what}: ${summary}`, issues);
}
