import { describe, expect, it } from 'vitest';
import {
  minifyCssText,
  minifyMarkupText,
  minifyTemplates,
} from '../../../scripts/vite-lit-templates.ts';

describe('the build minifier of Lit templates', () => {
  it('drops comments and the whitespace around braces, semicolons and commas in CSS', () => {
    // A stretch's first space stays (one may border an interpolation); the rest goes.
    expect(
      minifyCssText('\n  .a, .b {\n    color: red; /* why */\n    margin: 0;\n  }\n', false),
    ).toBe(' .a,.b{color:red;margin:0}');
  });

  it('keeps the space of a descendant selector before a pseudo-class, and text in quotes', () => {
    expect(minifyCssText(".a :hover { content: '  two  spaces ' }", false)).toBe(
      ".a :hover{content:'  two  spaces '}",
    );
    // an attribute selector's plain value loses its quotes; any other keeps them
    expect(
      minifyCssText(":host([placement='top-left']) [part=\"a b\"], [href='#x'] { }", false),
    ).toBe(':host([placement=top-left]) [part="a b"],[href=\'#x\']{}');
  });

  it('drops the space just inside parentheses (keeping the one before an opening one), a number’s leading zero and a colour’s paired digits', () => {
    expect(
      minifyCssText(
        ':host { --a: var(\n    --b,\n    var(--c, 1px)\n  ); inline-size: calc( 100% - (2 * 1rem) ) }',
        false,
      ),
    ).toBe(':host{--a:var(--b,var(--c,1px));inline-size:calc(100% - (2 * 1rem))}');
    expect(
      minifyCssText(
        'a { margin: 0.5rem -0.25rem 10.5px; opacity: 0; content: "0.5 #ffffff"; color: light-dark(#FFFFFF, #1f1a30) }',
        false,
      ),
    ).toBe(
      'a{margin:.5rem -.25rem 10.5px;opacity:0;content:"0.5 #ffffff";color:light-dark(#FFF,#1f1a30)}',
    );
    expect(
      minifyCssText('@media (min-width: 40rem) and (hover: hover) { a { b: c } }', false),
    ).toBe('@media (min-width: 40rem) and (hover: hover){a{b:c}}');
  });

  it('keeps line breaks when asked, so the lines after a template keep their numbers', () => {
    const css = ':host {\n  display: block;\n}\n';
    expect(minifyCssText(css).split('\n')).toHaveLength(css.split('\n').length);
  });

  it('keeps the space at an interpolation, where it may separate a selector', () => {
    const code = 'const s = css`.a ${b} .c { color: ${d}; }`;';
    expect(minifyTemplates(code, 'x.ts', false)).toBe('const s = css`.a ${b} .c{color: ${d}}`;');
  });

  it('removes only the indentation after line breaks in HTML, in nested templates too', () => {
    const code =
      'const t = html`<ul>\n    ${items.map((i) => html`<li>\n      ${i} done\n    </li>`)}\n  </ul>`;';
    expect(minifyTemplates(code, 'x.ts')).toBe(
      'const t = html`<ul>\n${items.map((i) => html`<li>\n${i} done\n</li>`)}\n</ul>`;',
    );
    expect(minifyMarkupText('  keep the first line  \n  and the last  ')).toBe(
      '  keep the first line\nand the last  ',
    );
  });

  it('leaves a template with <pre> or <textarea> as written, and other template literals alone', () => {
    const code = 'const p = html`<pre>\n  ${x}\n  </pre>`; const m = `line\n    indented`;';
    expect(minifyTemplates(code, 'x.ts')).toBe(code);
  });
});
