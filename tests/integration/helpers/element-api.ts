/**
 * What each of the package's elements really declares, read from its sources: its tag, its
 * reactive properties and their attributes (`@property` decorators), the events typed for it in
 * `GlobalEventHandlersEventMap`, the `part`s and `<slot>`s in its templates (its own module and the
 * template helpers of its family it imports, in its folder or shared, never another element's
 * module), and the custom properties its styles read. The
 * manifest test compares the manifest against this.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

export interface ElementApi {
  tag: string;
  file: string;
  properties: string[];
  attributes: string[];
  events: string[];
  parts: string[];
  slots: string[];
  cssProperties: string[];
}

const FAMILIES = ['voice', 'tarot', 'bmo'];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function relativeImports(file: string, text: string): string[] {
  return [...text.matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)].map((match) =>
    resolve(dirname(file), match[1] ?? ''),
  );
}

/** Every `interface NAME { … }` in the package's sources: its member names and what it extends. */
function interfaces(files: string[]): Map<string, { members: string[]; extends: string[] }> {
  const found = new Map<string, { members: string[]; extends: string[] }>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node): void => {
      if (ts.isInterfaceDeclaration(node)) {
        const name = node.name.text;
        const entry = found.get(name) ?? { members: [], extends: [] };
        if (name !== 'GlobalEventHandlersEventMap' && name !== 'HTMLElementTagNameMap') {
          for (const member of node.members) {
            if (member.name && ts.isStringLiteral(member.name))
              entry.members.push(member.name.text);
          }
          found.set(name, entry);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function eventsOf(source: ts.SourceFile, named: ReturnType<typeof interfaces>): string[] {
  const events: string[] = [];
  const add = (name: string): void => {
    const entry = named.get(name);
    if (entry) events.push(...entry.members);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'GlobalEventHandlersEventMap') {
      for (const member of node.members) {
        if (member.name && ts.isStringLiteral(member.name)) events.push(member.name.text);
      }
      for (const clause of node.heritageClauses ?? []) {
        for (const type of clause.types) add(type.expression.getText(source));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return events;
}

function propertiesOf(source: ts.SourceFile): { properties: string[]; attributes: string[] } {
  const properties: string[] = [];
  const attributes: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      const decorator = ts
        .getDecorators(node)
        ?.find(
          (item) =>
            ts.isCallExpression(item.expression) &&
            item.expression.expression.getText(source) === 'property',
        );
      if (decorator && ts.isCallExpression(decorator.expression) && ts.isIdentifier(node.name)) {
        const name = node.name.text;
        if (!properties.includes(name)) properties.push(name);
        const options = decorator.expression.arguments[0];
        let attribute: string | false = name.toLowerCase();
        if (options && ts.isObjectLiteralExpression(options)) {
          for (const option of options.properties) {
            if (!ts.isPropertyAssignment(option) || option.name.getText(source) !== 'attribute')
              continue;
            if (ts.isStringLiteral(option.initializer)) attribute = option.initializer.text;
            else if (option.initializer.kind === ts.SyntaxKind.FalseKeyword) attribute = false;
          }
        }
        if (attribute && !attributes.includes(attribute)) attributes.push(attribute);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { properties, attributes };
}

/** The API of every element the package defines (never the hosted page's, under app/). */
export function readElementApis(packageDir: string): ElementApi[] {
  const files = FAMILIES.flatMap((family) => walk(join(packageDir, family)));
  const named = interfaces(
    walk(packageDir).filter((file) => !file.includes('/app/') && !file.includes('/dist/')),
  );
  const apis: ElementApi[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const tag = /^@customElement\('([a-z0-9-]+)'\)/m.exec(text)?.[1];
    if (!tag) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const imported = relativeImports(file, text);
    const helpers = imported.filter((path) => !path.endsWith('.styles.ts') && files.includes(path));
    const templates = [text, ...helpers.map((path) => readFileSync(path, 'utf8'))]
      .filter((body) => body === text || !/^@customElement\(/m.test(body))
      .join('\n');
    const styles = imported
      .filter((path) => path.endsWith('.styles.ts'))
      .map((path) => readFileSync(path, 'utf8'));
    const parts = [...templates.matchAll(/\bpart="([^"$]+)"/g)].flatMap((match) =>
      (match[1] ?? '').split(/\s+/),
    );
    const exported = [...templates.matchAll(/\bexportparts="([^"]+)"/g)].flatMap((match) =>
      (match[1] ?? '').split(',').map((entry) => entry.split(':').at(-1)?.trim() ?? ''),
    );
    const dynamicParts = [...templates.matchAll(/\bpart=\$\{[^}]*'([a-z-]+)'/g)].map(
      (match) => match[1] ?? '',
    );
    apis.push({
      tag,
      file,
      ...propertiesOf(source),
      events: eventsOf(source, named),
      parts: [...new Set([...parts, ...exported, ...dynamicParts].filter(Boolean))],
      slots: [
        ...new Set(
          [...templates.matchAll(/<slot(?:\s+name="([^"]+)")?/g)].map((match) => match[1] ?? ''),
        ),
      ],
      cssProperties: [
        ...new Set(
          styles.flatMap((body) =>
            [...body.matchAll(/var\(\s*(--[a-z0-9-]+)/g)].map((match) => match[1] ?? ''),
          ),
        ),
      ],
    });
  }
  return apis;
}
