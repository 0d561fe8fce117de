import { expect } from '@open-wc/testing';
import { markdownWarmedUp, runMarkdownWarmUpStep } from '../../web/src/internal/markdown-warm-up.js';
import { renderMarkdown } from '../../web/src/internal/markdown.js';

describe('internal/markdown-warm-up', () => {
  it('runs its steps one call at a time, then does nothing once the page is warm', () => {
    let steps = 0;
    while (runMarkdownWarmUpStep()) {
      steps++;
      expect(steps).to.be.below(100);
    }
    expect(markdownWarmedUp()).to.equal(true);
    expect(runMarkdownWarmUpStep()).to.equal(false);
    // The renderer works as before and its configuration (sanitizing, links in a new context) is untouched.
    expect(renderMarkdown('**a** [b](https://example.com) <img src=x onerror=alert(1)>')).to.equal(
      '<p><strong>a</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">b</a> <img src="x"></p>\n',
    );
  });
});
