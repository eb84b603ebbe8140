import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { validationError } from './errors.ts';

/**
 * Validates a JSON request body with a contract schema; a failure becomes the common 400 error
 * naming each bad field. Read the result with `c.req.valid('json')`.
 */
export const jsonBody = <T extends ZodType>(schema: T) =>
  zValidator('json', schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
