/**
 * How an assistant message's markdown (`RenderedMarkdown` of `internal/markdown.ts`, i.e. DOMPurify's output) goes into
 * the DOM: each stable chunk set once, the tail, the block still being written, updated in place as it streams; and
 * the text markdown does not cover (past `MARKDOWN_MAX_CHARS`, or all of a reply it failed on) as plain text.
 * @module
 * @internal
 */
import { html, noChange, nothing, type TemplateResult } from 'lit';
import { Directive, PartType, directive, type ElementPart, type PartInfo } from 'lit/directive.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { markdownEnd, TAIL_INSERTION_MARK, type RenderedMarkdown, type SanitizedHtml } from '../../../internal/markdown.js';
import { styleProperties } from '../../../internal/style-properties.js';
import { renderPayloadSection } from '../cards/tool-call/render-tool-payload.js';
import { renderEntryNotice, RenderErrorCode } from './entry-error.js';

/** A chunk of at least this many characters of HTML is skipped while out of view (`content-visibility: auto`). */
const SKIPPABLE_CHUNK_HTML = 2048;
/** Characters of sanitized HTML per line of text, to estimate a skipped chunk's height before it was ever shown. */
const HTML_CHARS_PER_LINE = 110;

/**
 * One stable chunk of a reply's markdown. A big one is skipped by rendering while out of view, with a height
 * estimated from its length until it has been shown once (then the browser remembers its real height: `auto`); a
 * small one is not: its estimate would be off by more than what skipping it saves, and a reader scrolling up through
 * a long thread of short replies would see the text jump as each one is laid out. The estimate is set through the
 * CSSOM (`styleProperties`), not a `style` attribute, which a `style-src` policy without `'unsafe-inline'` blocks.
 */
function renderChunk(chunk: string): TemplateResult {
  if (chunk.length < SKIPPABLE_CHUNK_HTML) return html`<div class="markdown-chunk">${unsafeHTML(chunk)}</div>`;
  const lines = Math.ceil(chunk.length / HTML_CHARS_PER_LINE);
  const size = { 'contain-intrinsic-size': `auto ${lines * 1.5}em` };
  return html`<div class="markdown-chunk skippable" ${styleProperties(size)}>${unsafeHTML(chunk)}</div>`;
}

/**
 * The tail of a streaming reply in its element: `base` (sanitized HTML holding `TAIL_INSERTION_MARK` where streamed
 * text goes) is set as the element's content when it changes; `text` is then written into the one text node that held
 * the mark. A reply that grows word by word updates one text node per frame instead of parsing and replacing the
 * tail's DOM (and restyling and laying out its new nodes) every frame.
 */
class MarkdownTailDirective extends Directive {
  #base: SanitizedHtml | undefined;
  #text = '';
  /** The text node that held the mark, and its data before and after the mark. */
  #insertion: { node: Text; before: string; after: string } | undefined;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('markdownTail() goes on an element');
  }

  render(_base: SanitizedHtml, _text: string): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [base, text]: [SanitizedHtml, string]): typeof noChange {
    const element = part.element;
    if (base !== this.#base) {
      // DOMPurify's output (internal/markdown.ts), a TrustedHTML under Trusted Types (the typings know only strings).
      element.innerHTML = base as string;
      this.#base = base;
      this.#text = '';
      this.#insertion = findMark(element);
    }
    if (text !== this.#text && this.#insertion) {
      const { node, before, after } = this.#insertion;
      node.data = before + text + after;
      this.#text = text;
    }
    return noChange;
  }
}

/** Finds `TAIL_INSERTION_MARK` in `element`'s text, removes it, and says where it was. */
function findMark(element: Element): { node: Text; before: string; after: string } | undefined {
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const at = node.data.indexOf(TAIL_INSERTION_MARK);
    if (at === -1) continue;
    const before = node.data.slice(0, at);
    const after = node.data.slice(at + TAIL_INSERTION_MARK.length);
    node.data = before + after;
    return { node, before, after };
  }
  return undefined;
}

const markdownTail = directive(MarkdownTailDirective);

/**
 * The content of a rendered reply: its stable chunks (big ones skipped while out of view, see `renderChunk`), then
 * the tail in a `.markdown-tail`.
 */
export function renderMarkdown(markdown: RenderedMarkdown): TemplateResult {
  return html`${markdown.chunks.map(renderChunk)}${markdown.tail === ''
    ? nothing
    : html`<div class="markdown-tail" ${markdownTail(markdown.tailBaseHtml, markdown.tailText)}></div>`}`;
}

/**
 * A reply's text: its markdown (`message-content`) and, past `MARKDOWN_MAX_CHARS`, the rest as plain text; a reply whose
 * markdown could not be rendered (`markdown.error`) shows a notice (`message-render-error`) and all of its text as
 * plain text. Plain text is a section as a tool call's payload is (`message-rest-*`: a bounded preview, the last
 * characters while it streams, "Show all" and Download), so that a reply of any size costs the page a bounded DOM.
 * @param content - the whole text; `markdown` its rendering
 * @param streaming - the run may still write it
 */
export function renderReplyText(content: string, markdown: RenderedMarkdown, streaming: boolean): TemplateResult {
  if (markdown.error) {
    return html`<div part="message-content" class="message-content">
      ${renderEntryNotice(RenderErrorCode.MARKDOWN_RENDER_FAILED)}${renderPlainText(content, streaming, 'The reply, as plain text')}
    </div>`;
  }
  const end = markdownEnd(content);
  return html`<div part="message-content" class="message-content markdown">${renderMarkdown(markdown)}</div>${end < content.length
      ? renderPlainText(content.slice(end), streaming, 'The rest of this long reply, as plain text')
      : nothing}`;
}

function renderPlainText(text: string, streaming: boolean, label: string): TemplateResult {
  return renderPayloadSection(text, streaming, { which: 'text', label, fileName: 'reply.md', parts: 'message-rest', type: 'text/markdown' });
}
