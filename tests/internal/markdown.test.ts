import { expect } from '@open-wc/testing';
import {
  IncrementalMarkdown,
  MARKDOWN_MAX_CHARS,
  MarkdownCache,
  markdownEnd,
  renderMarkdown,
  sanitizeHtml,
  TAIL_INSERTION_MARK,
} from '../../web/src/internal/markdown.js';

/** Parses HTML into a detached <template> to inspect it without running anything. */
function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

function joined(rendered: { chunks: readonly string[]; tail: string }): string {
  return rendered.chunks.join('') + rendered.tail;
}

// Tail throttling depends on how long a rendering took; tests of anything else turn it off, so a slow machine cannot
// defer a tail they expect.
const UNTHROTTLED = { throttleMinMs: Infinity };

describe('internal/markdown', () => {
  describe('renderMarkdown', () => {
    it('renders GFM markdown', () => {
      const fragment = parse(renderMarkdown('# Title\n\n**bold** and `code`\n\n- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n'));
      expect(fragment.querySelector('h1')?.textContent).to.equal('Title');
      expect(fragment.querySelector('strong')?.textContent).to.equal('bold');
      expect(fragment.querySelector('code')?.textContent).to.equal('code');
      expect(fragment.querySelectorAll('li')).to.have.length(2);
      expect(fragment.querySelector('table td')?.textContent).to.equal('1');
    });

    it('strips script, event handlers and javascript: URLs', () => {
      const html = renderMarkdown(
        'hi <script>window.__mdXss = 1</script><img src="x" onerror="window.__mdXss = 2"> ' +
          '[click](javascript:window.__mdXss=3) <a href="javascript:alert(1)">a</a> <form><input></form>',
      );
      const fragment = parse(html);
      expect(fragment.querySelector('script')).to.equal(null);
      expect(fragment.querySelector('img')?.hasAttribute('onerror')).to.equal(false);
      expect(fragment.querySelector('form, input')).to.equal(null);
      for (const a of fragment.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.to.match(/^javascript:/i);
      expect(html).not.to.include('onerror');
    });

    it('opens links in a new browsing context without an opener', () => {
      const link = parse(renderMarkdown('[docs](https://example.com/docs)')).querySelector('a')!;
      expect(link.getAttribute('href')).to.equal('https://example.com/docs');
      expect(link.getAttribute('target')).to.equal('_blank');
      expect(link.getAttribute('rel')).to.include('noopener');
    });

    it('keeps no attribute that names, groups, styles or reaches a node (the element\'s UI cannot be imitated)', () => {
      const fragment = parse(
        renderMarkdown(
          '<p id="tool-approval-title-call-1" class="tool-approval-title" part="tool-approval-title" name="n" role="group">Hi</p>\n\n' +
            '<div class="tool-approval" data-tool-call-id="call-1" tabindex="-1" aria-labelledby="x" aria-describedby="y" ' +
            'aria-controls="z" aria-label="Approve" style="color:red" slot="s" exportparts="a"><a href="https://evil.example/" ' +
            'target="_self" rel="opener" id="a1">Approve</a></div>\n\n' +
            '```js\nconst a = 1;\n```\n\n<svg><use href="#tool-approval-title-call-1"></use></svg>\n\n' +
            '<ol start="3" reversed><li lang="fr" dir="rtl" title="t">x</li></ol>\n\n| a |\n|:-:|\n| <img src="i.png" alt="i" width="2"> |\n',
        ),
      );
      const kept = new Set<string>();
      for (const node of fragment.querySelectorAll('*')) for (const attribute of node.attributes) kept.add(attribute.name);
      expect([...kept].sort()).to.deep.equal(['align', 'alt', 'dir', 'href', 'lang', 'rel', 'reversed', 'src', 'start', 'target', 'title', 'width']);
      expect(fragment.querySelector('svg, use')).to.equal(null);
      const link = fragment.querySelector('a')!;
      expect(link.getAttribute('target')).to.equal('_blank');
      expect(link.getAttribute('rel')).to.equal('noopener noreferrer nofollow');
      expect(fragment.querySelector('code')!.textContent).to.equal('const a = 1;\n');
    });

    it('sanitizes raw HTML with sanitizeHtml', () => {
      expect(sanitizeHtml('<b onclick="x()">b</b><script>x()</script>')).to.equal('<b>b</b>');
    });
  });

  describe('IncrementalMarkdown', () => {
    const document = [
      '# Heading',
      '',
      'A paragraph with **bold** text',
      'on two lines.',
      '',
      '```js',
      'const a = 1;',
      '',
      'const b = 2;',
      '```',
      '',
      '- one',
      '',
      '- two',
      '',
      '    indented continuation',
      '',
      '> quote',
      '',
      'The end.',
      '',
    ].join('\n');

    it('renders the same HTML as a one-go render, whatever the chunking of the stream', () => {
      for (const step of [1, 3, 7, 40]) {
        const md = new IncrementalMarkdown(UNTHROTTLED);
        let rendered = md.update('');
        for (let end = step; end < document.length + step; end += step) rendered = md.update(document.slice(0, end));
        expect(parse(joined(rendered)).textContent, `step ${step}`).to.equal(parse(renderMarkdown(document)).textContent);
        expect(joined(rendered).replace(/\s+/g, ''), `step ${step}`).to.equal(renderMarkdown(document).replace(/\s+/g, ''));
      }
    });

    it('keeps completed blocks as stable chunks and re-renders only the tail', () => {
      const md = new IncrementalMarkdown(UNTHROTTLED);
      const first = md.update('# Title\n\nfirst para\n');
      expect(first.chunks).to.deep.equal(['<h1>Title</h1>\n']);
      expect(first.tail).to.equal('<p>first para</p>\n');
      const second = md.update('# Title\n\nfirst para\n\nsecond\n');
      expect(second.chunks[0]).to.equal(first.chunks[0]);
      expect(second.chunks).to.have.length(2);
      expect(second.tail).to.equal('<p>second</p>\n');
      expect(md.update('# Title\n\nfirst para\n\nsecond\n')).to.equal(second);
    });

    it('streams plain text into the tail as text inserted at its mark, sanitizing only when the markup changes', () => {
      const md = new IncrementalMarkdown(UNTHROTTLED);
      const first = md.update('Hello wor');
      expect(first.tailBase).to.equal(`<p>Hello wor${TAIL_INSERTION_MARK}</p>\n`);
      expect(first.tailText).to.equal('');
      const second = md.update('Hello world, how');
      expect(second.tailBase).to.equal(first.tailBase);
      // Signed by the module's Trusted Types policy, once per full rendering.
      const { trustedTypes } = window as unknown as { trustedTypes: { isHTML(value: unknown): boolean } };
      expect(trustedTypes.isHTML(first.tailBaseHtml)).to.equal(true);
      expect(String(first.tailBaseHtml)).to.equal(first.tailBase);
      expect(second.tailBaseHtml).to.equal(first.tailBaseHtml);
      expect(second.tailText).to.equal('ld, how');
      expect(second.tail).to.equal(renderMarkdown('Hello world, how'));
      // Markup: a full rendering, and a new mark.
      const third = md.update('Hello world, how **are**');
      expect(third.tailBase).to.not.equal(first.tailBase);
      expect(third.tailText).to.equal('');
      expect(third.tail).to.equal(renderMarkdown('Hello world, how **are**'));
      // Text that would need escaping is never inserted as is.
      const fourth = md.update('Hello world, how **are** you <b>');
      expect(fourth.tailText).to.equal('');
      expect(fourth.tail).to.equal(renderMarkdown('Hello world, how **are** you <b>'));
      // A code block being written grows by text too.
      const code = new IncrementalMarkdown(UNTHROTTLED);
      const open = code.update('```\nconst a = 1;\n');
      const more = code.update('```\nconst a = 1;\nconst b = 2;\n');
      expect(more.tailBase).to.equal(open.tailBase);
      expect(more.tailText).to.equal('const b = 2;\n');
      expect(more.tail).to.equal(renderMarkdown('```\nconst a = 1;\nconst b = 2;\n'));
    });

    it('never splits a fenced code block at its blank lines', () => {
      const md = new IncrementalMarkdown(UNTHROTTLED);
      const rendered = md.update('```\nline 1\n\nline 2\n\nline 3\n');
      expect(rendered.chunks).to.deep.equal([]);
      expect(parse(rendered.tail).querySelectorAll('pre')).to.have.length(1);
    });

    it('starts over when the text is replaced rather than extended', () => {
      const md = new IncrementalMarkdown(UNTHROTTLED);
      md.update('# Old\n\nold text\n');
      const rendered = md.update('# New\n\nnew text\n');
      expect(joined(rendered)).to.equal(renderMarkdown('# New\n\nnew text\n'));
    });

    it('defers a costly tail and catches up when asked again later', () => {
      // Any cost > 0 ms throttles, for a million times that cost: the clock passed in decides, not the machine.
      const md = new IncrementalMarkdown({ throttleMinMs: -1, throttleFactor: 1e6 });
      const paragraph = 'word '.repeat(20_000);
      expect(md.update(paragraph, 0).stale).to.equal(false);
      const deferred = md.update(`${paragraph}more`, 1);
      expect(deferred.stale).to.equal(true);
      expect(deferred.tail).not.to.include('more');
      const caughtUp = md.update(`${paragraph}more`, 1e12);
      expect(caughtUp.stale).to.equal(false);
      expect(caughtUp.tail).to.include('more');
    });

    it('renders only the first MARKDOWN_MAX_CHARS of a longer text, cut where markdownEnd() says, however it grows', () => {
      const lines = `${'A line of the reply.\n'.repeat(Math.ceil(MARKDOWN_MAX_CHARS / 21))}`;
      const md = new IncrementalMarkdown(UNTHROTTLED);
      const end = markdownEnd(`${lines}more`);
      expect(end).to.be.within(MARKDOWN_MAX_CHARS / 2, MARKDOWN_MAX_CHARS);
      expect(lines[end - 1]).to.equal('\n');
      const first = md.update(`${lines}more`, 0, Infinity, true);
      expect(md.source.length).to.equal(end);
      expect(md.update(`${lines}more and more`, 1, Infinity, true)).to.equal(first);
      // One line past the limit is cut at the limit.
      expect(markdownEnd('x'.repeat(MARKDOWN_MAX_CHARS * 3))).to.equal(MARKDOWN_MAX_CHARS);
    });

    it('reports a text marked cannot render (error, nothing rendered) instead of throwing, until another text comes', () => {
      const md = new IncrementalMarkdown(UNTHROTTLED);
      const deep = `${'> '.repeat(5000)}deep`;
      const failed = md.update(deep, 0, Infinity, true);
      expect(failed.error?.code).to.equal('markdown_render_failed');
      expect(failed.error?.message).to.match(/^RangeError/);
      expect(joined(failed)).to.equal('');
      expect(md.update(`${deep} and more`, 1).error?.code).to.equal('markdown_render_failed');
      const fine = md.update('**fine**', 2, Infinity, true);
      expect(fine.error).to.equal(undefined);
      expect(joined(fine)).to.include('<strong>fine</strong>');
    });

    it('never defers the tail of a final text', () => {
      const md = new IncrementalMarkdown({ throttleMinMs: -1, throttleFactor: 1e6 });
      const paragraph = 'word '.repeat(20_000);
      md.update(paragraph, 0);
      const final = md.update(`${paragraph}the end.`, 1, Infinity, true);
      expect(final.stale).to.equal(false);
      expect(final.tail).to.include('the end.');
    });
  });

  it('renders a burst of completed blocks over several updates within a budget, never showing text twice', () => {
    const text = Array.from({ length: 200 }, (_, i) => `Paragraph ${i} ${'lorem ipsum '.repeat(10)}`).join('\n\n') + '\n\nTail';
    const md = new IncrementalMarkdown(UNTHROTTLED);
    let rendered = md.update(text, performance.now(), 0);
    let updates = 1;
    expect(rendered.stale).to.equal(true);
    expect(rendered.tail).to.equal('');
    expect(rendered.chunks).to.have.length(1);
    while (rendered.stale) {
      rendered = md.update(text, performance.now(), 0);
      updates++;
      const shown = parse(joined(rendered)).textContent!;
      expect(shown.match(/Paragraph 0 /g) ?? []).to.have.length(1);
    }
    expect(updates).to.be.greaterThan(2);
    // A boolean, not the texts: a failure must not print 25 KB.
    expect(parse(joined(rendered)).textContent === parse(renderMarkdown(text)).textContent, 'same text as a one-go render').to.equal(true);
  });

  describe('MarkdownCache', () => {
    it('renders per key and evicts the least recently used', () => {
      const cache = new MarkdownCache(2);
      const a = cache.render('a', 'alpha');
      cache.render('b', 'beta');
      expect(cache.render('a', 'alpha')).to.equal(a);
      cache.render('c', 'gamma');
      expect(cache.size).to.equal(2);
      expect(cache.render('a', 'alpha')).to.equal(a);
    });
  });
});
