/**
 * Markdown to sanitized HTML for model output, built for streaming.
 *
 * Model output is untrusted: every string this module returns went through `marked` and then DOMPurify (its own
 * instance, so a page's DOMPurify hooks and settings are neither used nor changed), so it carries no script, no event
 * handler attribute and no `javascript:` URL, and may be given to Lit's `unsafeHTML`.
 *
 * Streaming: re-parsing a whole reply on every frame costs O(length) per frame and O(length²) per reply.
 * `IncrementalMarkdown` splits the text into a stable prefix of completed blocks, rendered once and kept as a list of
 * HTML chunks, and a tail re-rendered when it changes. A block boundary is a blank line, outside a fenced code block,
 * followed by a line that starts a new top-level block (not indented, not a list item, so lists and indented
 * continuations stay whole). The split is exact for everything but reference-style link definitions, which apply only
 * within their own block. A tail that never ends a block (one huge paragraph) would still cost O(length) per frame,
 * so a tail whose last rendering took over `TAIL_THROTTLE_MIN_MS` is re-rendered at most once per
 * `TAIL_THROTTLE_FACTOR` times that cost: markdown then takes at most ~1/(1+factor) of the main thread, and the
 * result says `stale` until the tail has caught up.
 *
 * Bounds: only the first `MARKDOWN_MAX_CHARS` of a text are ever given to `marked` (see `markdownEnd()`: a single line
 * of ~10 MB overflows its stack); the caller shows the rest as plain text. A text `marked` or DOMPurify still fails
 * on (blockquotes nested thousands deep overflow its stack too) renders nothing and says why (`error`): its caller
 * shows it as plain text, and nothing here throws.
 * @module
 * @internal
 */
import { Marked } from 'marked';
import DOMPurify from 'dompurify';
import type { TrustedHTML, TrustedTypePolicy } from 'trusted-types/lib/index.js';
import { errorText } from './error-text.js';

/**
 * The name of the Trusted Types policy this module creates (once, on first use): a page that enforces Trusted Types
 * (`require-trusted-types-for 'script'`) lists it in its `trusted-types` directive, beside Lit's `lit-html`.
 */
export const MARKDOWN_POLICY_NAME = 'ag-ui-lit-markdown';

/** Sanitized HTML as a DOM sink takes it: a `TrustedHTML` where the browser has Trusted Types, else the string. */
export type SanitizedHtml = TrustedHTML | string;

/** Rendered markdown: sanitized HTML in pieces (stable chunks, then the tail). Join them for the whole. */
export interface RenderedMarkdown {
  /** Sanitized HTML of the completed blocks, one string per chunk; earlier chunks never change as the text grows. */
  readonly chunks: readonly string[];
  /** Sanitized HTML of the rest (the block still being written, or the last block of a finished text). */
  readonly tail: string;
  /**
   * `tail` as an update of the DOM the previous rendering made: `tailBase` is the sanitized HTML of the tail's last
   * full rendering, holding `TAIL_INSERTION_MARK` once where text may be inserted (or not at all), and `tailText` the
   * plain text inserted there since (no markup: a text node's data). `tail` is `tailBase` with the mark replaced by
   * `tailText`. While a reply streams word by word, only `tailText` changes: the caller updates one text node instead
   * of replacing the tail's DOM every frame.
   */
  readonly tailBase: string;
  /**
   * `tailBase` as DOMPurify returned it, for a DOM sink (`innerHTML`) under Trusted Types: a `TrustedHTML` where the
   * browser has Trusted Types. The same object as long as `tailBase` is the same rendering.
   */
  readonly tailBaseHtml: SanitizedHtml;
  readonly tailText: string;
  /**
   * True when the rendering lags behind the text: completed blocks are left for later (over the time budget; `tail` is
   * then empty), or re-rendering a large tail was deferred to keep its cost a bounded share of the time (see
   * `IncrementalMarkdown`). Call `update()` again later (next frame) with the same text to catch up.
   */
  readonly stale: boolean;
  /** Set when the text could not be rendered (`marked` or DOMPurify threw): nothing else is; show the text as plain text. */
  readonly error?: MarkdownRenderError;
}

/** Why a text could not be rendered as markdown (`RenderedMarkdown.error`). */
export interface MarkdownRenderError {
  /** Stable code: `markdown_render_failed`. */
  readonly code: 'markdown_render_failed';
  /** What the renderer threw, e.g. `RangeError: Maximum call stack size exceeded`. */
  readonly message: string;
}

/**
 * Longest text (characters) rendered as markdown; of a longer one, only the first part is (see `markdownEnd()`). About
 * 125 printed pages, beyond any reply a person reads as formatted text, and within what `marked` parses as one block
 * (a single line of that length takes a few hundred ms; one of ~10 MB overflows its stack).
 */
export const MARKDOWN_MAX_CHARS = 500_000;

/**
 * How many characters of `text` are rendered as markdown, the rest being for plain text: all of a text up to
 * `MARKDOWN_MAX_CHARS`; of a longer one, up to and including its last line break within that limit when that keeps at
 * least half of it, else exactly the limit (one less when that would split a surrogate pair). It depends only on the
 * first `MARKDOWN_MAX_CHARS` characters, so the cut of a reply that streams past the limit does not move. O(limit).
 */
export function markdownEnd(text: string): number {
  if (text.length <= MARKDOWN_MAX_CHARS) return text.length;
  const newline = text.lastIndexOf('\n', MARKDOWN_MAX_CHARS - 1);
  if (newline >= MARKDOWN_MAX_CHARS / 2) return newline + 1;
  const last = text.charCodeAt(MARKDOWN_MAX_CHARS - 1);
  return last >= 0xd800 && last <= 0xdbff ? MARKDOWN_MAX_CHARS - 1 : MARKDOWN_MAX_CHARS;
}

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** A private-use character that marks, in `RenderedMarkdown.tailBase`, where the tail's streamed text goes. */
export const TAIL_INSERTION_MARK = '\uE000';

/** The closing tags (each with the whitespace after it) that end an HTML string. */
const CLOSING_SUFFIX = /(?:<\/[a-zA-Z][a-zA-Z0-9]*>\s*)*$/;
/** Text that may be inserted as is: nothing marked would have escaped or turned into markup. */
const PLAIN_TEXT = /^[^<>&"'\uE000]*$/;

/**
 * Attributes model output keeps: what markdown and plain HTML formatting need, nothing that names, groups or reaches
 * a node. Model content shares the element's shadow root with its own cards, so an `id`, `class`, `part`, `data-*`,
 * `tabindex`, `role` or id-referencing `aria-*` attribute would let a reply retitle the element's controls for a
 * screen reader, take the focus meant for them, match the element's queries or borrow its styles. That includes
 * marked's `class="language-x"` on fenced code: nothing here highlights code, and a kept class would be one more name
 * shared with the element's own nodes (the language is in the markdown source, not lost to the reader). `target` and
 * `rel` are not taken from the model: the hook below sets them on every link.
 */
const ALLOWED_ATTR = [
  'href',
  'src',
  'alt',
  'title',
  'start',
  'reversed',
  'align',
  'colspan',
  'rowspan',
  'scope',
  'lang',
  'dir',
  'cite',
  'datetime',
  'open',
  'width',
  'height',
];

const PURIFY_CONFIG = {
  ALLOWED_ATTR,
  ALLOW_ARIA_ATTR: false,
  ALLOW_DATA_ATTR: false,
  // Forms and their controls in model output could phish; nothing legitimate in a chat reply needs them. SVG and
  // MathML would keep none of their attributes under ALLOWED_ATTR (and SVG's `<use href="#id">` reaches by id).
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'svg', 'math'],
};

let purifier: ReturnType<typeof DOMPurify> | undefined;

/**
 * The module's Trusted Types policy, passed to its DOMPurify instance only: DOMPurify parses model output into an
 * inert document with it and signs its sanitized result with it. It passes strings through, like DOMPurify's own
 * `dompurify` policy, and is never exported, so only DOMPurify's input and output here ever become TrustedHTML. Its
 * own name rather than `dompurify`, so that a page's DOMPurify can still create that one. `undefined` without Trusted
 * Types, or when the page's policy does not allow the name (DOMPurify then uses its own).
 */
function createPolicy(): TrustedTypePolicy | undefined {
  const factory = (window as { trustedTypes?: { createPolicy: (name: string, rules: object) => TrustedTypePolicy } }).trustedTypes;
  try {
    // Markdown loads no scripts: a script URL is never signed (DOMPurify only requires the hook to exist).
    return factory?.createPolicy(MARKDOWN_POLICY_NAME, { createHTML: (html: string) => html, createScriptURL: () => '' });
  } catch {
    return undefined;
  }
}

/** The module's own DOMPurify instance (lazily, so importing this module needs no `window`). */
function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  const policy = createPolicy();
  // Set once: a config passed to every sanitize() call is parsed again on every call.
  purifier.setConfig({ ...PURIFY_CONFIG, RETURN_TRUSTED_TYPE: true, ...(policy ? { TRUSTED_TYPES_POLICY: policy } : {}) });
  // Links leave the page in a new browsing context without access to it.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  return purifier;
}

/**
 * Sanitizes an HTML string with the module's DOMPurify instance.
 * @returns HTML safe to insert (no script, no event handlers, no dangerous URLs, no forms, no inline styles) and
 *   unable to pose as the element's own UI (only the attributes in `ALLOWED_ATTR`: no id, class, part, tabindex, role,
 *   data-* or aria-*)
 */
export function sanitizeHtml(html: string): string {
  return String(sanitizeToSink(html));
}

/** `sanitizeHtml` as DOMPurify returns it under the module's config: a `TrustedHTML` where the browser has them. */
function sanitizeToSink(html: string): SanitizedHtml {
  // RETURN_TRUSTED_TYPE is set once in the config, which the typings of sanitize() without a config do not see.
  return getPurifier().sanitize(html) as SanitizedHtml;
}

/**
 * Renders markdown (GFM) to sanitized HTML in one go.
 * @example
 * ```ts
 * renderMarkdown('**hi** <img src=x onerror=alert(1)>'); // '<p><strong>hi</strong> <img src="x"></p>\n'
 * ```
 * @throws what `marked` throws on a text it cannot render (a `RangeError` for a huge line or deep nesting): unbounded,
 *   unlike `IncrementalMarkdown`, which cuts and contains
 */
export function renderMarkdown(source: string): string {
  if (source === '') return '';
  return sanitizeHtml(marked.parse(source, { async: false }));
}

/** A tail rendering cheaper than this (ms) is always redone at once. */
export const TAIL_THROTTLE_MIN_MS = 4;
/** A costlier tail waits this many times its last cost before it is rendered again. */
export const TAIL_THROTTLE_FACTOR = 8;
/** Largest stable chunk, in characters (a single block may exceed it). */
export const MAX_CHUNK_CHARS = 8192;

/** Options of `IncrementalMarkdown`. */
export interface IncrementalMarkdownOptions {
  /** A tail whose last rendering took at most this many ms is re-rendered at once. Default `TAIL_THROTTLE_MIN_MS` (4). */
  throttleMinMs?: number;
  /** Otherwise it waits this many times its last cost (ms) before rendering again. Default `TAIL_THROTTLE_FACTOR` (8). */
  throttleFactor?: number;
}

/** Largest chunk (characters) under a time budget before the rendering speed is known: cold 2,048 made 50 ms frames. */
const FIRST_BUDGETED_CHUNK_CHARS = 512;

/**
 * Smallest chunk (characters) cut under a time budget once the rendering speed is known (a chunk always holds at least
 * one block), so that the end of each budget does not cut one `content-visibility` element per paragraph.
 */
const MIN_CHUNK_CHARS = 1024;

/** Markdown rendered (marked + DOMPurify) per ms on this page, smoothed; `undefined` until measured. */
let renderCharsPerMs: number | undefined;

/** Records the speed of one chunk's rendering (samples too short for the clock's resolution are ignored). */
function learnRenderRate(chars: number, ms: number): void {
  if (ms < 1) return;
  const sample = chars / ms;
  renderCharsPerMs = renderCharsPerMs === undefined ? sample : renderCharsPerMs * 0.7 + sample * 0.3;
}

/**
 * The size of the next chunk with `leftMs` of budget: what the measured speed renders in that time (so a budgeted
 * call, e.g. a frame's, is not blown by one big chunk while the code is still cold), at most `MAX_CHUNK_CHARS`; an
 * unbounded call takes the largest chunks. A chunk always holds at least one block.
 */
function chunkCharsFor(leftMs: number): number {
  if (leftMs === Infinity) return MAX_CHUNK_CHARS;
  if (renderCharsPerMs === undefined) return FIRST_BUDGETED_CHUNK_CHARS;
  return Math.min(MAX_CHUNK_CHARS, Math.max(0, renderCharsPerMs * leftMs));
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;

/**
 * Renders a text that grows by appending (a streaming reply), re-rendering only what changed.
 *
 * Each `update()` scans only the text added since the last call for new block boundaries (O(added)), renders the
 * newly completed blocks once into new chunks (of at most `MAX_CHUNK_CHARS` where block boundaries allow), and
 * re-renders the tail only when it changed. A text that is not an extension of the previous one (edited, replaced)
 * starts over. With a time budget, a burst of completed blocks is rendered over several calls: until it has caught up,
 * the result is `stale` and its `tail` is empty (the text not yet rendered is not shown rather than shown twice), and
 * chunks are sized by the rendering speed measured so far, so that one chunk fits the budget (512 characters before
 * any measurement: the first render of a page runs cold code).
 *
 * @example
 * ```ts
 * const md = new IncrementalMarkdown();
 * md.update('# Title\n\nfirst para\n'); // { chunks: ['<h1>Title</h1>\n'], tail: '<p>first para</p>\n', stale: false }
 * md.update('# Title\n\nfirst para\n\nsecond\n'); // a second chunk for the paragraph; '<h1>' is not rendered again
 * ```
 */
export class IncrementalMarkdown {
  readonly #throttleMinMs: number;
  readonly #throttleFactor: number;
  /** The text of the last update. */
  #source = '';
  /** End of the stable prefix (a boundary: the start of a line). */
  #stableEnd = 0;
  /** Block boundaries found after `#stableEnd`, ascending, from index `#nextBoundary` on. */
  #boundaries: number[] = [];
  #nextBoundary = 0;
  /** Start of the first line not scanned yet. */
  #scanPos = 0;
  /** The open code fence at `#scanPos`, if any. */
  #fence: { char: string; length: number } | undefined;
  /** Whether the last scanned line was blank (outside a fence). */
  #previousBlank = false;
  #chunks: string[] = [];
  #tailSource = '';
  #tailHtml = '';
  /** The last full rendering of the tail as DOMPurify returned it (`tailBaseHtml` when there is no `#tailBase`). */
  #tailSink: SanitizedHtml = '';
  /**
   * The tail's last full rendering: marked's HTML, where text may be inserted in it, and the sanitized HTML (marked),
   * also as DOMPurify returned it (`sink`).
   */
  #tailBase: { raw: string; at: number; html: string; sink: SanitizedHtml } | undefined;
  #tailText = '';
  /** Cost (ms) of the last tail rendering and when it started (the caller's `now`), for throttling. */
  #tailCost = 0;
  #tailRenderedAt = -Infinity;
  #rendered: RenderedMarkdown = { chunks: [], tail: '', tailBase: '', tailBaseHtml: '', tailText: '', stale: false };
  /** The last text past `MARKDOWN_MAX_CHARS`: its first `MARKDOWN_MAX_CHARS` characters and its markdown part. */
  #cut: { prefix: string; head: string } | undefined;

  constructor(options: IncrementalMarkdownOptions = {}) {
    this.#throttleMinMs = options.throttleMinMs ?? TAIL_THROTTLE_MIN_MS;
    this.#throttleFactor = options.throttleFactor ?? TAIL_THROTTLE_FACTOR;
  }

  /** The text of the last update, cut to its markdown part (`markdownEnd()`). */
  get source(): string {
    return this.#source;
  }

  /** The result of the last update (empty before the first). */
  get rendered(): RenderedMarkdown {
    return this.#rendered;
  }

  /**
   * Brings the rendering up to `source` (or as far as the budget allows).
   * @param now - the current time in ms (`performance.now()` clock), for tail throttling
   * @param budgetMs - time (ms) this call may spend on completed blocks before it stops and reports `stale` (at least
   *   one chunk is always rendered, so every call makes progress); default `Infinity`: catch up at once
   * @param final - the text is complete (its run no longer writes it): the tail is rendered at once, never throttled,
   *   since no further delta would make the wait worth it (a costly tail, e.g. the first one a busy page renders,
   *   would otherwise wait up to `throttleFactor` times its cost)
   * @returns the rendering; the same object as the previous call when nothing changed
   */
  update(source: string, now: number = performance.now(), budgetMs = Infinity, final = false): RenderedMarkdown {
    // Past the limit the head depends only on the first MARKDOWN_MAX_CHARS characters: cut once, not sliced each frame.
    let head = source;
    if (source.length > MARKDOWN_MAX_CHARS) {
      const cut = this.#cut;
      if (cut === undefined || !source.startsWith(cut.prefix)) {
        this.#cut = { prefix: source.slice(0, MARKDOWN_MAX_CHARS), head: source.slice(0, markdownEnd(source)) };
      }
      head = this.#cut!.head;
    } else this.#cut = undefined;
    const previous = this.#source;
    // A text that failed fails while it grows (what failed is still in it): only another text is tried again.
    if (this.#rendered.error && head.startsWith(previous)) return this.#rendered;
    try {
      return this.#update(head, now, budgetMs, final);
    } catch (cause) {
      this.#restart();
      this.#source = head;
      const error: MarkdownRenderError = { code: 'markdown_render_failed', message: errorText(cause) };
      this.#rendered = { chunks: [], tail: '', tailBase: '', tailBaseHtml: '', tailText: '', stale: false, error };
      return this.#rendered;
    }
  }

  #update(source: string, now: number, budgetMs: number, final: boolean): RenderedMarkdown {
    if (source === this.#source && !this.#rendered.stale) return this.#rendered;
    if (source.length < this.#scanPos || !source.startsWith(this.#source.slice(0, this.#scanPos))) this.#restart();
    this.#source = source;
    this.#scan();
    const chunksChanged = this.#renderChunks(budgetMs);
    if (this.#nextBoundary < this.#boundaries.length) {
      // Behind on completed blocks: show what is rendered, the rest next time.
      this.#clearTail();
      this.#rendered = { chunks: this.#chunks, tail: '', tailBase: '', tailBaseHtml: '', tailText: '', stale: true };
      return this.#rendered;
    }
    const tailSource = source.slice(this.#stableEnd);
    let stale = false;
    if (tailSource !== this.#tailSource) {
      // A deferred tail must not lag behind new chunks, or their text would show twice.
      if (
        !final &&
        !chunksChanged &&
        this.#tailCost > this.#throttleMinMs &&
        now - this.#tailRenderedAt < this.#tailCost * this.#throttleFactor
      ) {
        stale = true;
      } else {
        this.#tailSource = tailSource;
        const start = performance.now();
        this.#renderTail(tailSource);
        this.#tailCost = performance.now() - start;
        this.#tailRenderedAt = now;
      }
    } else if (!chunksChanged && !this.#rendered.stale) {
      return this.#rendered;
    }
    const tailBase = this.#tailBase?.html ?? this.#tailHtml;
    const tailBaseHtml = this.#tailBase?.sink ?? this.#tailSink;
    this.#rendered = { chunks: this.#chunks, tail: this.#tailHtml, tailBase, tailBaseHtml, tailText: this.#tailText, stale };
    return this.#rendered;
  }

  /**
   * Renders the tail: when marked's HTML for it is the last full rendering's with plain text inserted where that one
   * marks (before its closing tags), only that text is new, and nothing is sanitized again (text inserted as a text
   * node's data cannot become markup); otherwise a full rendering (marked, then DOMPurify), which marks where text may
   * be inserted next.
   */
  #renderTail(source: string): void {
    const raw = source === '' ? '' : marked.parse(source, { async: false });
    const base = this.#tailBase;
    if (base !== undefined && raw.length > base.raw.length) {
      const suffix = base.raw.slice(base.at);
      if (raw.startsWith(base.raw.slice(0, base.at)) && raw.endsWith(suffix)) {
        const text = raw.slice(base.at, raw.length - suffix.length);
        if (PLAIN_TEXT.test(text)) {
          this.#tailText = text;
          this.#tailHtml = base.html.replace(TAIL_INSERTION_MARK, text);
          return;
        }
      }
    }
    this.#tailText = '';
    const at = CLOSING_SUFFIX.exec(raw)!.index;
    // Text goes after text only (not after an element: it would land in the wrong node), and never twice marked.
    if (at === 0 || raw[at - 1] === '>' || raw.includes(TAIL_INSERTION_MARK)) {
      this.#tailBase = undefined;
      this.#tailSink = sanitizeToSink(raw);
      this.#tailHtml = String(this.#tailSink);
      return;
    }
    const sink = sanitizeToSink(raw.slice(0, at) + TAIL_INSERTION_MARK + raw.slice(at));
    const html = String(sink);
    // The sanitizer dropped the mark with what held it: no insertion point.
    this.#tailBase = html.includes(TAIL_INSERTION_MARK) ? { raw, at, html, sink } : undefined;
    this.#tailSink = sink;
    this.#tailHtml = html.replace(TAIL_INSERTION_MARK, '');
  }

  #clearTail(): void {
    this.#tailSource = '';
    this.#tailHtml = '';
    this.#tailSink = '';
    this.#tailBase = undefined;
    this.#tailText = '';
  }

  /** Renders pending completed blocks into chunks, within the budget. @returns whether a chunk was added */
  #renderChunks(budgetMs: number): boolean {
    const boundaries = this.#boundaries;
    if (this.#nextBoundary >= boundaries.length) return false;
    const start = performance.now();
    const chunks = [...this.#chunks];
    while (this.#nextBoundary < boundaries.length) {
      let maxChars = chunkCharsFor(budgetMs - (performance.now() - start));
      if (maxChars < MIN_CHUNK_CHARS && renderCharsPerMs !== undefined) {
        // Not a sliver of a chunk at the end of the budget: the rest waits for the next call.
        if (chunks.length > this.#chunks.length) break;
        maxChars = MIN_CHUNK_CHARS;
      }
      let i = this.#nextBoundary;
      while (i + 1 < boundaries.length && boundaries[i + 1]! - this.#stableEnd <= maxChars) i++;
      const end = boundaries[i]!;
      const chunkStart = performance.now();
      chunks.push(renderMarkdown(this.#source.slice(this.#stableEnd, end)));
      learnRenderRate(end - this.#stableEnd, performance.now() - chunkStart);
      this.#stableEnd = end;
      this.#nextBoundary = i + 1;
      if (performance.now() - start >= budgetMs) break;
    }
    if (this.#nextBoundary >= boundaries.length) {
      this.#boundaries = [];
      this.#nextBoundary = 0;
    }
    this.#chunks = chunks;
    return true;
  }

  #restart(): void {
    this.#source = '';
    this.#stableEnd = 0;
    this.#boundaries = [];
    this.#nextBoundary = 0;
    this.#scanPos = 0;
    this.#fence = undefined;
    this.#previousBlank = false;
    this.#chunks = [];
    this.#clearTail();
    this.#tailCost = 0;
    this.#tailRenderedAt = -Infinity;
  }

  /** Scans the complete lines added since the last scan, collecting block boundaries. */
  #scan(): void {
    const source = this.#source;
    let lineStart = this.#scanPos;
    for (;;) {
      const newline = source.indexOf('\n', lineStart);
      // A line is judged once it is complete: the first characters of a line can still change what it is.
      if (newline === -1) break;
      const line = source.slice(lineStart, newline);
      if (this.#fence) {
        const match = FENCE.exec(line);
        if (match && match[2]!.trim() === '' && match[1]![0] === this.#fence.char && match[1]!.length >= this.#fence.length) {
          this.#fence = undefined;
        }
        this.#previousBlank = false;
      } else if (line.trim() === '') {
        this.#previousBlank = true;
      } else {
        if (this.#previousBlank && !/^\s/.test(line) && !LIST_ITEM.test(line)) this.#boundaries.push(lineStart);
        const match = FENCE.exec(line);
        if (match && !(match[1]![0] === '`' && match[2]!.includes('`'))) {
          this.#fence = { char: match[1]![0]!, length: match[1]!.length };
        }
        this.#previousBlank = false;
      }
      lineStart = newline + 1;
    }
    this.#scanPos = lineStart;
  }
}

/**
 * Renderings of many texts (messages) by key, each an `IncrementalMarkdown`, keeping at most `maxEntries` (least
 * recently used evicted), so a long conversation does not keep every message's HTML alive.
 */
export class MarkdownCache {
  readonly #entries = new Map<string, IncrementalMarkdown>();
  readonly #options: IncrementalMarkdownOptions;

  /**
   * @param maxEntries - texts kept (default 500)
   * @param options - options of each text's `IncrementalMarkdown`
   */
  constructor(
    readonly maxEntries = 500,
    options: IncrementalMarkdownOptions = {},
  ) {
    this.#options = options;
  }

  /**
   * Renders `source` under `key` (a message id), reusing the work done for an earlier, shorter `source`.
   * @param now - see `IncrementalMarkdown.update()`
   * @param budgetMs - see `IncrementalMarkdown.update()`
   * @param final - see `IncrementalMarkdown.update()`
   */
  render(key: string, source: string, now?: number, budgetMs?: number, final?: boolean): RenderedMarkdown {
    let entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
    } else {
      entry = new IncrementalMarkdown(this.#options);
      if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, entry);
    return entry.update(source, now, budgetMs, final);
  }

  /** The last rendering of `key`, without advancing it (`undefined` when not held). */
  peek(key: string): RenderedMarkdown | undefined {
    return this.#entries.get(key)?.rendered;
  }

  /** Number of texts held. */
  get size(): number {
    return this.#entries.size;
  }

  /** Forgets every rendering. */
  clear(): void {
    this.#entries.clear();
  }
}
