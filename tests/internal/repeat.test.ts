import { expect } from '@open-wc/testing';
import { html, render } from 'lit';
import { repeat } from '../../web/src/internal/repeat.js';

/** Empty comments (Lit's part markers) directly in `list`. */
function markers(list: Element): number {
  return [...list.childNodes].filter((node) => node.nodeType === Node.COMMENT_NODE && (node as Comment).data === '').length;
}

describe('repeat (internal)', () => {
  let container: HTMLElement;
  const view = (items: string[]) => html`<ul>${repeat(items, (item) => item, (item) => html`<li>${item}</li>`)}</ul>`;
  const list = () => container.querySelector('ul')!;
  const texts = () => [...list().querySelectorAll('li')].map((li) => li.textContent);

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });

  afterEach(() => {
    container.remove();
  });

  it('removes every node of a removed item, markers included', () => {
    render(view(['a', 'b', 'c']), container);
    expect(markers(list())).to.equal(6);
    render(view(['a', 'c']), container);
    expect(texts()).to.deep.equal(['a', 'c']);
    expect(markers(list())).to.equal(4);
    render(view([]), container);
    expect(markers(list())).to.equal(0);
  });

  it('leaves the list as big as its items after many removals, moves and insertions', () => {
    const lists = [['a', 'b', 'c', 'd'], ['d', 'a'], ['b', 'd', 'e', 'a'], ['e'], [], ['c', 'b', 'a']];
    for (let i = 0; i < 20; i++) {
      for (const items of lists) {
        render(view(items), container);
        expect(texts()).to.deep.equal(items);
      }
    }
    expect(markers(list())).to.equal(6);
  });

  it('keeps the DOM of an item that stays (keyed reuse)', () => {
    render(view(['a', 'b', 'c']), container);
    const b = list().querySelectorAll('li')[1];
    render(view(['c', 'b']), container);
    expect(list().querySelectorAll('li')[1]).to.equal(b);
  });
});
