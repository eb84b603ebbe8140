/**
 * Minifies the text of Lit's tagged templates, which no minifier touches (to a JavaScript minifier
 * they are strings): `css` (an element's styles are a large share of its first load) and `html` /
 * `svg` (their indentation). Both builds (the hosted page and the embed) and the package build use
 * it. The templates are found with TypeScript's parser, so nested templates and interpolations are
 * exact; only the static text between interpolations changes.
 *
 * Conservative on purpose. CSS: comments dropped, whitespace collapsed, and removed only around
 * `{`, `}`, `;` and `,`, just inside parentheses (after `(`, before `)`), after a declaration's
 * colon, a number's leading zero dropped ("0.5rem" → ".5rem") and a colour's six digits made three
 * where they pair ("#ffffff" → "#fff"), the quotes of an attribute selector's plain value
 * dropped ("[part='close']" → "[part=close]"), never anything inside quotes and never before a `:` (where a space separates a descendant selector
 * from a pseudo-class) or a `(` (`and (max-width…)`, `- (…)`). HTML: only the indentation
 * after a line break, which the browser collapses anyway; a template holding `<pre` or `<textarea`
 * is left as it is. Line breaks stay wherever code follows (a source map's lines stay true without
 * rewriting it); a `*.styles.ts` module, all templates, loses them too.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

const isDelimiter = (ch: string): boolean => ch !== '' && '{};,'.includes(ch);
/** Six hex digits in three pairs, not followed by more of a name. */
const SHORT_HEX = /^#([\da-f])\1([\da-f])\2([\da-f])\3(?![\w-])/i;

/** The CSS of one static stretch of a template (between `${…}` interpolations), minified. */
export function minifyCssText(text: string, keepLines = true): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '"' || ch === "'") {
      const end = text.indexOf(ch, i + 1);
      const stop = end === -1 ? text.length : end + 1;
      const quoted = text.slice(i, stop);
      // an attribute selector's value that is a name needs no quotes: [part='close'] is [part=close]
      const bare = out.endsWith('=') && text[stop] === ']' && /^.[a-z_][\w-]*.$/i.test(quoted);
      out += bare ? quoted.slice(1, -1) : quoted;
      i = stop;
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (/\s/.test(ch)) {
      const start = i;
      while (i < text.length && /\s/.test(text[i] ?? '')) i++;
      const breaks = keepLines ? text.slice(start, i).replace(/[^\n]/g, '') : '';
      const prev = out.at(-1) ?? '';
      const next = text[i] ?? '';
      if (breaks) out += breaks;
      // Inside parentheses, next to them ("var( --a, 1px )"), or around a slash ("0 / 25%"),
      // space never matters.
      else if (
        prev === '(' ||
        next === ')' ||
        prev === '/' ||
        (next === '/' && text[i + 1] !== '*')
      )
        continue;
      // At an interpolation's edge (no prev or next here) the space may matter: keep it.
      else if (!isDelimiter(prev) && !isDelimiter(next)) out += ' ';
    } else if (
      ch === '0' &&
      text[i + 1] === '.' &&
      /\d/.test(text[i + 2] ?? '') &&
      !/[\w.#]/.test(out.at(-1) ?? 'x')
    ) {
      // a number's leading zero: "0.5rem" is ".5rem"
      i++;
    } else if (ch === '#' && SHORT_HEX.test(text.slice(i, i + 8))) {
      // a colour whose six digits are three pairs: "#ffffff" is "#fff"
      out += `#${text[i + 1]}${text[i + 3]}${text[i + 5]}`;
      i += 7;
    } else {
      out += ch;
      i++;
    }
  }
  return (
    out
      .replace(/;(\n*)}/g, '$1}')
      // A declaration's `name: value` (a stretch that ends at `;` or `}` before any `{`, so never a
      // selector such as `a :hover`) needs no space after its colon.
      .replace(/(^|[{;\n])([-\w]+):[ ]+(?=[^\s{};][^{};]*(?:[;}]|$))/g, '$1$2:')
  );
}

/** An HTML or SVG template's static text without the indentation after its line breaks. */
export function minifyMarkupText(text: string): string {
  return text
    .split('\n')
    .map((line, index, lines) => {
      const start = index === 0 ? line : line.trimStart();
      return index === lines.length - 1 ? start : start.trimEnd();
    })
    .join('\n');
}

const TAGS = new Set(['css', 'html', 'svg']);

/** Each static stretch of a tagged template: where its text starts and ends in the source. */
function staticParts(node: ts.TaggedTemplateExpression, source: ts.SourceFile): [number, number][] {
  const template = node.template;
  if (ts.isNoSubstitutionTemplateLiteral(template)) {
    return [[template.getStart(source) + 1, template.end - 1]];
  }
  const parts: [number, number][] = [[template.head.getStart(source) + 1, template.head.end - 2]];
  for (const span of template.templateSpans) {
    const literal = span.literal;
    const closing = ts.isTemplateTail(literal) ? 1 : 2; // '`' or '${'
    parts.push([literal.getStart(source) + 1, literal.end - closing]);
  }
  return parts;
}

/** The source with every `css`, `html` and `svg` template's static text minified. */
export function minifyTemplates(code: string, fileName: string, keepLines = true): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isTaggedTemplateExpression(node) &&
      ts.isIdentifier(node.tag) &&
      TAGS.has(node.tag.text)
    ) {
      const parts = staticParts(node, source);
      const whole = parts.map(([start, end]) => code.slice(start, end)).join('');
      const isCss = node.tag.text === 'css';
      if (isCss || !/<(pre|textarea)\b/i.test(whole)) {
        for (const [start, end] of parts) {
          const text = code.slice(start, end);
          const minified = isCss ? minifyCssText(text, keepLines) : minifyMarkupText(text);
          if (minified !== text) edits.push({ start, end, text: minified });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

export function litTemplatesPlugin(): Plugin {
  return {
    name: 'voice-agent-elements:lit-templates',
    apply: 'build',
    transform(code, id) {
      if (!/\.[jt]s$/.test(id) || id.includes('node_modules') || !/\b(css|html|svg)`/.test(code)) {
        return null;
      }
      return { code: minifyTemplates(code, id, !/\.styles\.[jt]s$/.test(id)), map: null };
    },
  };
}
