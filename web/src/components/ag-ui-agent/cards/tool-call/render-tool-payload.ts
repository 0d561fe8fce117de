/**
 * A tool call's arguments or result as its card shows them: a bounded preview, so that a multi-megabyte payload costs
 * the page no more layout than a small one, with "Show all" (rendered on demand) and a download for the whole text.
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';

/** Characters of a payload a card renders before "Show all". */
export const PAYLOAD_PREVIEW_CHARS = 4000;

/** Longest payload (characters) that is pretty-printed; a longer one is shown as received (parsing it would stall). */
export const PAYLOAD_PRETTY_MAX_CHARS = 20_000;

/** How long a download's Blob URL lives after its click, ms (the download has started by then). */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

const prettyCache = new Map<string, string>();

/** Pretty-prints a JSON text (2-space indent); anything else is returned as is. Memoized (bounded). */
export function prettyJson(text: string): string {
  const cached = prettyCache.get(text);
  if (cached !== undefined) return cached;
  let pretty = text;
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') {
    try {
      pretty = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Incomplete or invalid JSON (still streaming, or the model's mistake) is shown as received.
    }
  }
  if (prettyCache.size >= 200) prettyCache.delete(prettyCache.keys().next().value!);
  prettyCache.set(text, pretty);
  return pretty;
}

/** What a card renders of a payload. */
export interface PayloadPreview {
  /** The text rendered: all of it, or a bounded slice. */
  text: string;
  /** Characters of the whole payload (as received). */
  length: number;
  /** `head`: `text` is the first characters; `tail`: the last (a payload still streaming); `undefined`: all of it. */
  cut?: 'head' | 'tail';
}

/**
 * The part of `text` a card renders. While the payload streams (`streaming`), the last
 * {@link PAYLOAD_PREVIEW_CHARS} characters as received (never parsed: it changes every frame). Once complete,
 * pretty-printed when at most {@link PAYLOAD_PRETTY_MAX_CHARS} long, and cut to the first
 * {@link PAYLOAD_PREVIEW_CHARS} characters of that (or of the raw text, when too long to pretty-print).
 */
export function payloadPreview(text: string, streaming: boolean): PayloadPreview {
  const length = text.length;
  if (streaming) {
    return length <= PAYLOAD_PREVIEW_CHARS ? { text, length } : { text: text.slice(-PAYLOAD_PREVIEW_CHARS), length, cut: 'tail' };
  }
  const shown = length <= PAYLOAD_PRETTY_MAX_CHARS ? prettyJson(text) : text;
  return shown.length <= PAYLOAD_PREVIEW_CHARS ? { text: shown, length } : { text: shown.slice(0, PAYLOAD_PREVIEW_CHARS), length, cut: 'head' };
}

/** The whole payload as "Show all" renders it: pretty-printed up to the same limit as the preview. */
function fullText(text: string): string {
  return text.length <= PAYLOAD_PRETTY_MAX_CHARS ? prettyJson(text) : text;
}

// By hand, not `toLocaleString()`: Intl's first use in a page costs tens of ms (a long task in a busy frame).
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const kilobytes = (n: number) => `${count(Math.ceil(n / 1024))} KB`;

/** What a section shows: its part names and label, and the file name of its download. */
export interface PayloadSection {
  /** What the text is, e.g. `args` or `result`: the `<pre>` is `part="<parts>-<which>"` (`tool-call-args`). */
  which: string;
  label: string;
  /** Name of the downloaded file, e.g. `search-arguments.json`. */
  fileName: string;
  /** The prefix of the section's part names and classes: `tool-call` (default) in a card, `message-rest` in a reply. */
  parts?: string;
  /** MIME type of the download; default `application/json`. */
  type?: string;
}

/**
 * A section of a card (label and `<pre>`) with the preview of `text`; when cut, a note (`part="tool-call-truncated"`)
 * with a download link (`tool-call-download`) and a `<details>` whose summary "Show all (N KB)" (`tool-call-show-all`)
 * renders the whole text into its own `<pre>` (`tool-call-<which>-full`) when opened and empties it when closed,
 * hiding the preview meanwhile. Each `<pre>` is focusable, so that a keyboard can scroll a long one. The whole text is
 * rendered only on that request; the Blob of a download is made on its click and its URL revoked a minute later. The
 * parts (and classes) start with `section.parts` instead of `tool-call` when given: a reply's plain-text rest is such
 * a section too (`message-rest-*`).
 */
export function renderPayloadSection(text: string, streaming: boolean, section: PayloadSection): TemplateResult {
  const preview = payloadPreview(text, streaming);
  const { which, label } = section;
  const p = section.parts ?? 'tool-call';
  return html`<div part="${p}-section" class="${p}-section">
    <span class="${p}-section-label" part="${p}-label">${label}</span>
    <pre part="${p}-${which}" class="${p}-${which}" tabindex="0" aria-label=${label}>${preview.text}</pre>
    ${preview.cut === 'tail'
      ? html`<p part="${p}-truncated" class="${p}-truncated">
          Receiving: the last ${count(preview.text.length)} of ${count(preview.length)} characters so far.
        </p>`
      : preview.cut === 'head'
        ? html`<p part="${p}-truncated" class="${p}-truncated">
              Showing the first ${count(preview.text.length)} of ${count(preview.length)} characters.
              <a part="${p}-download" class="${p}-download" href="#" download=${section.fileName}
                @click=${(event: Event) => onDownload(event, text, section.type ?? 'application/json')}
                >Download</a
              >
            </p>
            <details part="${p}-more" class="${p}-more" @toggle=${(event: Event) => onToggleAll(event, text)}>
              <summary part="${p}-show-all" class="${p}-show-all">Show all (${kilobytes(preview.length)})</summary>
              <pre part="${p}-${which}-full" class="${p}-${which}-full" tabindex="0" aria-label="${label} (all)"></pre>
            </details>`
        : nothing}
  </div>`;
}

/**
 * Opening "Show all" renders the whole text and hides the preview and its note; closing empties it again. The DOM
 * keeps this state (as `<details open>` does), not the element: nothing else depends on it, and the card's template
 * binds none of these nodes' `hidden` or content, so a re-render of the card leaves them as they are.
 */
function onToggleAll(event: Event, text: string): void {
  const details = event.currentTarget as HTMLDetailsElement;
  const full = details.querySelector('pre')!;
  const section = details.parentElement!;
  const open = details.open;
  full.textContent = open ? fullText(text) : '';
  for (const node of section.querySelectorAll<HTMLElement>(':scope > pre, :scope > p')) node.hidden = open;
}

/** Points the link at a Blob of the whole text just before the browser follows it; the URL is revoked later. */
function onDownload(event: Event, text: string, type: string): void {
  const link = event.currentTarget as HTMLAnchorElement;
  const url = URL.createObjectURL(new Blob([text], { type }));
  link.href = url;
  setTimeout(() => {
    URL.revokeObjectURL(url);
    if (link.href === url) link.href = '#';
  }, DOWNLOAD_URL_LIFETIME_MS);
}
