import type { Message } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { deriveThreadTitle, MAX_THREAD_TITLE_LENGTH } from '../../web/src/persistence/index.js';

describe('deriveThreadTitle', () => {
  it('takes the text of the first user message, on one line', () => {
    const messages: Message[] = [
      { id: 's', role: 'system', content: 'You are helpful.' },
      { id: 'u1', role: 'user', content: '  Plan\n\ta   trip ' },
      { id: 'u2', role: 'user', content: 'Later question' },
    ];
    expect(deriveThreadTitle(messages)).to.equal('Plan a trip');
  });

  it('keeps only the text parts of a multimodal user message', () => {
    const content = [
      { type: 'text', text: 'What is in' },
      { type: 'image', source: { type: 'url', value: 'https://example.com/cat.png' } },
      { type: 'text', text: 'this picture?' },
    ];
    expect(deriveThreadTitle([{ id: 'u1', role: 'user', content } as unknown as Message])).to.equal('What is in this picture?');
  });

  it(`cuts a long message to ${MAX_THREAD_TITLE_LENGTH} characters ending in an ellipsis`, () => {
    const title = deriveThreadTitle([{ id: 'u1', role: 'user', content: 'word '.repeat(40) }]);
    expect(title).to.have.length.at.most(MAX_THREAD_TITLE_LENGTH);
    expect(title).to.match(/^word( word)*…$/);
  });

  it('is empty without a user message', () => {
    expect(deriveThreadTitle([{ id: 'a1', role: 'assistant', content: 'Hello' }])).to.equal('');
  });
});
