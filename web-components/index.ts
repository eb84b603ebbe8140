/**
 * Every element family at once, for an app that bundles with `npm i`. A page that uses one
 * family should import only that one (`web-components/tarot/index.ts`, `bmo/index.ts`,
 * `voice/index.ts`, or the built `dist/embed/<family>.js`), so it loads only what it uses.
 */
export * from './voice/index.ts';
export * from './voice/audio/index.ts';
export * from './tarot/index.ts';
export * from './tarot/cards.ts';
export * from './bmo/index.ts';
