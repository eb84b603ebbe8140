/**
 * styles/tokens.css (shipped as `voice-agent-elements/tokens.css`) survives what a site's bundler
 * does to CSS by default. Lightning CSS (Vite 8's and Parcel's CSS transformer) lowers what its
 * target lacks: `light-dark()` became `var(--lightningcss-light, …) var(--lightningcss-dark, …)`,
 * whose switches only a literal `color-scheme` sets, so every colour token came out invalid and
 * overrode the elements' own fallbacks. esbuild and webpack's css-loader leave the file as it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'lightningcss';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/paths.ts';

const SOURCE = readFileSync(join(ROOT, 'styles', 'tokens.css'), 'utf8');

/** A browser version as Lightning CSS takes it (major << 16 | minor << 8). */
const version = (major: number, minor = 0) => (major << 16) | (minor << 8);

const TARGETS = {
  // Vite 8's default `build.cssTarget`: Baseline Widely Available on 2025-05-01.
  'Vite 8': {
    chrome: version(111),
    edge: version(111),
    firefox: version(114),
    safari: version(16, 4),
    ios_saf: version(16, 4),
  },
  // Older browsers, as a site's own browserslist (Parcel reads it) may name.
  'an older browserslist': {
    chrome: version(87),
    firefox: version(78),
    safari: version(14),
    ios_saf: version(14),
  },
};

/** Each `--va-color-*` token's values as the CSS declares them (the scheme switch aside). */
function colourValues(css: string): [string, string][] {
  return [...css.matchAll(/(--va-color-[a-z-]+)\s*:\s*([^;}]+)/g)]
    .filter((match) => match[1] !== '--va-color-scheme')
    .map((match) => [match[1] ?? '', (match[2] ?? '').trim()]);
}

/** The declarations inside the first block that `selector` opens. */
function block(selector: string): string {
  const start = SOURCE.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block ${selector}`);
  return SOURCE.slice(start, SOURCE.indexOf('}', start));
}

describe('the design tokens (styles/tokens.css)', () => {
  for (const [name, targets] of Object.entries(TARGETS)) {
    it(`come out of Lightning CSS at ${name}'s target as plain colours, never as scheme switches`, () => {
      const out = transform({
        filename: 'tokens.css',
        code: Buffer.from(SOURCE),
        minify: true,
        targets,
      }).code.toString();
      const values = colourValues(out);
      expect(values.length).toBeGreaterThanOrEqual(39);
      const invalid = values.filter(
        ([, value]) => !/^(#[0-9a-f]{3,8}|rgba?\([^)]*\))$/i.test(value),
      );
      expect(invalid).toEqual([]);
      expect(out).not.toMatch(/var\(--lightningcss/);
    });
  }

  it('give both schemes the same tokens, and the same dark values wherever dark is chosen', () => {
    const light = colourValues(block(":where(:root),\n:where([theme='light'])"));
    const preferred = colourValues(block(":where(:root:not([theme='light']))"));
    const fixed = colourValues(block(":where([theme='dark'])"));
    expect(light.map(([token]) => token)).toEqual(fixed.map(([token]) => token));
    expect(preferred).toEqual(fixed);
  });
});
