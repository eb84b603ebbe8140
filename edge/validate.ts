import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler } from 'hono';
import type { ZodType } from 'zod';
import type { AppEnv } from './env.ts';
import { ApiError, validationError } from './errors.ts';

/**
 * Validates a JSON request body with a contract schema; a failure becomes the common 400 error
 * naming each bad field. Read the result with `c.req.valid('json')`.
 */
export const jsonBody = <T extends ZodType>(schema: T) =>
  zValidator('json', schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });

const JSON_CONTENT_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * Refuses a body that is not declared as JSON with 415, before validation: otherwise Hono's JSON
 * validator reads such a body as `{}` and the route would answer as if nothing were wrong. With
 * `optional`, a request with no body at all passes (and validates as `{}`).
 */
export const jsonContentType =
  (options: { optional?: boolean } = {}): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const type = c.req.header('content-type');
    const length = c.req.header('content-length');
    const hasBody =
      (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    const isJson = type !== undefined && JSON_CONTENT_TYPE.test(type.trim());
    const allowedEmpty = options.optional === true && type === undefined && !hasBody;
    if (!isJson && !allowedEmpty) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON (Content-Type: application/json).',
      );
    }
    await next();
  };
