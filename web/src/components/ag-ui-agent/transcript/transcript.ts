/**
 * What the transcript of `<ag-ui-agent>` shows, derived from the AG-UI message list, and how each entry renders.
 * Render functions (not elements) so every part lives in the element's own shadow root.
 * @module
 * @internal
 */
import { html, noChange, nothing, type TemplateResult } from 'lit';
import { Directive, PartType, directive, type ElementPart, type PartInfo } from 'lit/directive.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { ActivityMessage, AssistantMessage, Message, ReasoningMessage } from '@ag-ui/client';
import { TAIL_INSERTION_MARK, type RenderedMarkdown, type SanitizedHtml } from '../../../internal/markdown.js';
import { contentText } from '../../../agent/tool-results.js';
import { styleProperties } from '../../../internal/style-properties.js';

export { contentText };

/** One entry of the transcript. Tool messages are not entries: their call's card shows the call's record. */
export type TranscriptItem =
  | { kind: 'user'; id: string; text: string }
  | { kind: 'assistant'; id: string; message: AssistantMessage }
  | { kind: 'reasoning'; id: string; message: ReasoningMessage }
  | { kind: 'activity'; id: string; message: ActivityMessage };

/** The transcript of a message list. */
export interface Transcript {
  items: TranscriptItem[];
}

/**
 * Builds the transcript: user, assistant (text and tool calls), reasoning and activity messages in order; system and
 * developer messages are not shown; empty assistant messages are skipped. O(messages).
 */
export function buildTranscript(messages: readonly Message[]): Transcript {
  const items: TranscriptItem[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        items.push({ kind: 'user', id: message.id, text: contentText(message.content) });
        break;
      case 'assistant':
        if ((message.content ?? '') !== '' || (message.toolCalls?.length ?? 0) > 0) {
          items.push({ kind: 'assistant', id: message.id, message });
        }
        break;
      case 'reasoning':
        if (message.content !== '') items.push({ kind: 'reasoning', id: message.id, message });
        break;
      case 'activity':
        items.push({ kind: 'activity', id: message.id, message });
        break;
      default:
        break;
    }
  }
  return { items };
}

/** A user message: plain text (never markdown: it is the person's literal words). */
export function renderUserMessage(item: Extract<TranscriptItem, { kind: 'user' }>): TemplateResult {
  return html`<div part="message message-user" class="message user" data-message-id=${item.id}>
    <span class="visually-hidden">You said:</span>
    <div part="message-content" class="message-content plain">${item.text}</div>
  </div>`;
}

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
 * An assistant message: its markdown and its tool call cards (`count` of them, after `hidden`, the row that stands
 * for the calls left out, if any: see `tool-cards-window.ts`). Each stable chunk of the markdown is set once, in a
 * `.markdown-chunk` of its own (big ones are skipped while out of view, see `renderChunk`), then the tail, the
 * block still being written, in a `.markdown-tail`. Every HTML string here comes from `internal/markdown.ts`, i.e.
 * from DOMPurify.
 */
export function renderAssistantMessage(
  item: Extract<TranscriptItem, { kind: 'assistant' }>,
  markdown: RenderedMarkdown | undefined,
  toolCards: { cards: unknown; count: number; hidden?: unknown },
  copy?: CopyButton,
): TemplateResult {
  return html`<div part="message message-assistant" class="message assistant" data-message-id=${item.id}>
    <span class="visually-hidden">Assistant said:</span>
    ${markdown
      ? html`<div part="message-content" class="message-content markdown">${markdown.chunks.map(renderChunk)}${markdown.tail === ''
          ? nothing
          : html`<div class="markdown-tail" ${markdownTail(markdown.tailBaseHtml, markdown.tailText)}></div>`}</div>`
      : nothing}
    ${markdown && copy ? renderCopyButton(item.id, copy) : nothing}
    ${toolCards.count > 0 ? html`<div part="tool-calls" class="tool-calls">${toolCards.hidden ?? nothing}${toolCards.cards}</div>` : nothing}
  </div>`;
}

/** The copy button of a finished assistant message: its label (`Copy`, then `Copied` or `Copy failed`) and handler. */
export interface CopyButton {
  label: 'Copy' | 'Copied' | 'Copy failed';
  onCopy: (messageId: string) => void;
}

function renderCopyButton(messageId: string, copy: CopyButton): TemplateResult {
  return html`<button part="message-copy" class="message-copy" type="button" @click=${() => copy.onCopy(messageId)}>
    ${copy.label}
  </button>`;
}

/** A reasoning message, collapsed in a `<details>` (plain text). */
export function renderReasoning(item: Extract<TranscriptItem, { kind: 'reasoning' }>, streaming: boolean): TemplateResult {
  return html`<details part="reasoning" class="message reasoning" data-message-id=${item.id}>
    <summary part="reasoning-summary">${streaming ? 'Thinking…' : 'Reasoning'}</summary>
    <div part="reasoning-content" class="reasoning-content plain">${item.message.content}</div>
  </details>`;
}
