/**
 * The hosted page's strings in English, as one type: every route's strings live in their own module
 * (header-en.ts, home-en.ts, reading-en.ts, bmo-en.ts, not-found-en.ts) so that a route's first
 * load carries its own only; another language's module (`es.ts`, `fr.ts`, …) has all their keys.
 * /docs has its own strings (docs-en.ts).
 */
import type { bmoPageEn } from './bmo-en.ts';
import type { headerEn } from './header-en.ts';
import type { homeEn } from './home-en.ts';
import type { notFoundEn } from './not-found-en.ts';
import type { readingEn } from './reading-en.ts';

export type AppStrings = typeof headerEn &
  typeof homeEn &
  typeof readingEn &
  typeof bmoPageEn &
  typeof notFoundEn;
