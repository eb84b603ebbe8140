import { expect } from '@open-wc/testing';
import { html, render } from 'lit';
import { FreshNode } from '../../web-components/shared/fresh-node.ts';

describe('FreshNode', () => {
  it('gives new nodes when the key changes and the same nodes while it stays', () => {
    const host = document.createElement('div');
    const fresh = new FreshNode();
    const show = (key: unknown, text: string) =>
      render(fresh.render(key, html`<p>${text}</p>`), host);

    show(1, 'Card drawn');
    const first = host.querySelector('p');
    show(1, 'Card drawn, upright');
    expect(host.querySelector('p')).to.equal(first);
    expect(first?.textContent).to.equal('Card drawn, upright');

    show(2, 'Card drawn');
    const second = host.querySelector('p');
    expect(second).not.to.equal(first);
    expect(host.querySelectorAll('p')).to.have.length(1);

    show(3, 'Card drawn');
    expect(host.querySelector('p')).not.to.equal(second);
    expect(host.querySelectorAll('p')).to.have.length(1);
  });
});
