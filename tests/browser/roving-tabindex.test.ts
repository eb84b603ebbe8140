import { expect, fixture, html } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { RovingTabindexController } from '../../web-components/shared/controllers/roving-tabindex.ts';

/** The least a controller needs from its host. */
class Host implements ReactiveControllerHost {
  controllers: ReactiveController[] = [];
  updateComplete = Promise.resolve(true);
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {}
}

async function grid() {
  const root = await fixture<HTMLElement>(
    html`<div>
      ${Array.from({ length: 9 }, (_, i) => html`<button type="button">${i}</button>`)}
    </div>`,
  );
  const buttons = [...root.querySelectorAll('button')];
  const asked = { columns: 0, direction: 0 };
  const roving = new RovingTabindexController(new Host(), {
    elements: () => buttons,
    columns: () => {
      asked.columns += 1;
      return 3;
    },
    rightToLeft: () => {
      asked.direction += 1;
      return false;
    },
  });
  roving.hostUpdated();
  return { buttons, roving, asked };
}

const key = (name: string) => new KeyboardEvent('keydown', { key: name, cancelable: true });

describe('RovingTabindexController', () => {
  it('keeps one tab stop and moves it by item, by row and to the ends', async () => {
    const { buttons, roving } = await grid();
    expect(buttons.filter((b) => b.tabIndex === 0)).to.deep.equal([buttons[0]]);
    roving.handleKeydown(key('ArrowRight'));
    expect(document.activeElement).to.equal(buttons[1]);
    roving.handleKeydown(key('ArrowDown'));
    expect(document.activeElement).to.equal(buttons[4]);
    roving.handleKeydown(key('End'));
    expect(document.activeElement).to.equal(buttons[8]);
    roving.handleKeydown(key('ArrowDown'));
    expect(document.activeElement).to.equal(buttons[8]);
    roving.handleKeydown(key('Home'));
    expect(document.activeElement).to.equal(buttons[0]);
    expect(buttons.filter((b) => b.tabIndex === 0)).to.deep.equal([buttons[0]]);
    const other = key('a');
    expect(roving.handleKeydown(other)).to.equal(false);
    expect(other.defaultPrevented).to.equal(false);
  });

  it('reads the row length and the direction only for the keys that need them', async () => {
    const { roving, asked } = await grid();
    for (const name of ['Home', 'End', 'Home', 'a']) roving.handleKeydown(key(name));
    expect(asked).to.deep.equal({ columns: 0, direction: 0 });
    roving.handleKeydown(key('ArrowRight'));
    roving.handleKeydown(key('ArrowLeft'));
    expect(asked).to.deep.equal({ columns: 0, direction: 2 });
    roving.handleKeydown(key('ArrowDown'));
    roving.handleKeydown(key('ArrowUp'));
    expect(asked).to.deep.equal({ columns: 2, direction: 2 });
  });
});
