import { expect } from '@open-wc/testing';
import { IncrementalMarkdown } from '../../web/src/internal/markdown.js';

const PARAGRAPH = 'A paragraph of about one hundred characters, with **bold**, `code` and _emphasis_ in it.\n\n';

function textLength(html: string): number {
  const div = document.createElement('div');
  div.innerHTML = html;
  return (div.textContent ?? '').length;
}

// Its own file (its own page): the rendering speed that sizes chunks is learned per page, and the first test needs a
// page where nothing was rendered yet (mocha runs a file's tests in order).
describe('internal/markdown: chunk sizes under a time budget', () => {
  it('holds at most 512 characters of text while the rendering speed is unknown', () => {
    const paragraph = PARAGRAPH;
    const markdown = new IncrementalMarkdown();
    const rendered = markdown.update(paragraph.repeat(200), performance.now(), 0);
    expect(rendered.stale).to.equal(true);
    expect(rendered.chunks).to.have.length(1);
    const div = document.createElement('div');
    div.innerHTML = rendered.chunks[0]!;
    const paragraphs = div.querySelectorAll('p').length;
    expect(paragraphs).to.be.at.least(1);
    expect(paragraphs * paragraph.length).to.be.at.most(512);
  });

  it('cuts no chunk under 1,024 characters of text at the end of a budget, but the last', () => {
    const markdown = new IncrementalMarkdown();
    const source = PARAGRAPH.repeat(400);
    let rendered = markdown.update(source, performance.now(), 1);
    for (let i = 0; i < 1000 && rendered.stale; i++) rendered = markdown.update(source, performance.now(), 1);
    expect(rendered.stale).to.equal(false);
    expect(rendered.chunks.length).to.be.greaterThan(2);
    // Text is shorter than its markdown (no ** ` _ or blank lines): 1,024 characters of source are ~880 of text.
    for (const chunk of rendered.chunks.slice(1, -1)) expect(textLength(chunk)).to.be.at.least(850);
  });
});
