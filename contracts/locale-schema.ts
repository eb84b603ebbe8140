/**
 * The supported languages (contracts/locale.ts) as a zod schema, for the boundaries where a tag
 * arrives from outside: a token request's `lang`, the participant attribute the agent reads. The
 * `locale` pair's schema half (see `api.ts`).
 */
import { z } from 'zod';
import { SUPPORTED_LANGS } from './locale.ts';

export const SupportedLangSchema = z.enum(SUPPORTED_LANGS);
