/**
 * "Controller" means one thing (docs/glossary.md): a Lit `ReactiveController`. Every class in the
 * browser's sources whose name ends in `Controller` says `implements ReactiveController` and has at
 * least one of the host callbacks Lit calls on an added controller (`hostConnected`,
 * `hostDisconnected`, `hostUpdate`, `hostUpdated`). A plain class that owns a connection or a
 * session is a session (or a room, a host), and is named so.
 *
 * The check reads every source file with the TypeScript parser rather than importing it: an
 * element module defines a custom element when imported, which Node has no registry for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/paths.ts';

const SOURCES = join(ROOT, 'web-components');
const HOST_CALLBACKS = new Set(['hostConnected', 'hostDisconnected', 'hostUpdate', 'hostUpdated']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface ControllerClass {
  file: string;
  name: string;
  implementsReactiveController: boolean;
  hostCallbacks: string[];
}

/** Every class declared in `source` whose name ends in `Controller`. */
export function controllerClasses(file: string, source: string): ControllerClass[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: ControllerClass[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.name) {
      const name = node.name.text;
      if (name.endsWith('Controller')) {
        const implemented = (node.heritageClauses ?? [])
          .filter((clause) => clause.token === ts.SyntaxKind.ImplementsKeyword)
          .flatMap((clause) => clause.types.map((type) => type.expression.getText(tree)));
        const hostCallbacks = node.members
          .map((member) => (member.name && ts.isIdentifier(member.name) ? member.name.text : ''))
          .filter((member) => HOST_CALLBACKS.has(member));
        found.push({
          file,
          name,
          implementsReactiveController: implemented.includes('ReactiveController'),
          hostCallbacks,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe('a class named a controller is a Lit ReactiveController', () => {
  const classes = sourceFiles(SOURCES).flatMap((path) =>
    controllerClasses(relative(ROOT, path), readFileSync(path, 'utf8')),
  );

  it('finds the controllers the elements use', () => {
    const names = classes.map((found) => found.name);
    expect(names).toEqual(
      expect.arrayContaining(['StoreController', 'RovingTabindexController', 'LauncherController']),
    );
  });

  it('every class whose name ends in Controller implements ReactiveController and a host callback', () => {
    const plain = classes
      .filter((found) => !found.implementsReactiveController || found.hostCallbacks.length === 0)
      .map((found) => `${found.file}: ${found.name}`);
    expect(plain).toEqual([]);
  });

  it('tells a plain class apart from a controller', () => {
    const [plain, reactive] = [
      controllerClasses('a.ts', 'export class RoomController { connect() {} }'),
      controllerClasses(
        'b.ts',
        'export class FocusController implements ReactiveController { hostConnected() {} }',
      ),
    ];
    expect(plain).toEqual([
      {
        file: 'a.ts',
        name: 'RoomController',
        implementsReactiveController: false,
        hostCallbacks: [],
      },
    ]);
    expect(reactive[0]).toMatchObject({
      implementsReactiveController: true,
      hostCallbacks: ['hostConnected'],
    });
  });
});
