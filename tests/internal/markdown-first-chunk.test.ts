import { expect } from '@open-wc/testing';
import { IncrementalMarkdown } from '../../web/src/internal/markdown.js';

// Its own file (its own page): the rendering speed that sizes later chunks is learned per page.
describe('internal/markdown: the first budgeted chunk of a page', () => {
  it('holds at most 512 characters of text while the rendering speed is unknown', () => {
    const paragraph = 'A paragraph of about one hundred characters, with **bold**, `code` and _emphasis_ in it.\n\n';
    const markdown = new IncrementalMarkdown({ budgetMs: 0 });
    const rendered = markdown.update(paragraph.repeat(200));
    expect(rendered.stale).to.equal(true);
    expect(rendered.chunks).to.have.length(1);
    const div = document.createElement('div');
    div.innerHTML = rendered.chunks[0]!;
    const paragraphs = div.querySelectorAll('p').length;
    expect(paragraphs).to.be.at.least(1);
    expect(paragraphs * paragraph.length).to.be.at.most(512);
  });
});
