/**
 * The transcript of `<ag-ui-agent>`: the entries of the conversation (built through the table of entry kinds), the
 * window of them in the DOM ("Show earlier messages" / "Show newer messages"), how many tool cards each message
 * shows, its replies' markdown (a time budget per frame, caught up between frames) and their Copy buttons, and the
 * entries that could not be rendered (`ag-ui-render-error`, once per entry and code).
 * @module
 * @internal
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ActivityMessage, ToolCall } from '@ag-ui/client';
import type { AgentRunLoop } from '../../../agent/agent-run-loop.js';
import { MarkdownCache, type RenderedMarkdown } from '../../../internal/markdown.js';
import { MarkdownCatchUp } from '../../../internal/markdown-catch-up.js';
import { repeat } from '../../../internal/repeat.js';
import { deadline, timeLeft } from '../../../internal/scheduler.js';
import { emitAgentEvent } from '../ag-ui-agent.events.js';
import type { ScrollFollowController } from '../controllers/scroll-follow-controller.js';
import type { RenderErrorCode } from './entry-error.js';
import type { CopyButton, EntryContext } from './entry-kind.js';
import { TOOL_CARDS_PAGE, TOOL_CARDS_SHOWN } from './tool-cards-window.js';
import { buildTranscript, renderEntry, type Transcript } from './transcript.js';
import { TranscriptWindow } from './transcript-window.js';

/** Transcript entries rendered when pinned to the bottom; the rest waits behind "Show earlier messages". */
const WINDOW_SIZE = 50;
/** Entries added per "Show earlier messages" / "Show newer messages" (or scrolling to the top / bottom). */
const PAGE_SIZE = 50;
/** Most transcript entries rendered at once, however far the reader scrolls. */
const MAX_RENDERED = 150;

/** What the transcript needs from the element. */
export interface TranscriptControllerOptions {
  loop(): AgentRunLoop | undefined;
  scroll: ScrollFollowController;
  /** The list of rendered entries (`.transcript-items`), to keep an entry in place when a page is added. */
  items(): HTMLElement | undefined;
  /** The card of one tool call. */
  renderCard(toolCall: ToolCall): unknown;
  /** The card of one activity message. */
  renderActivity(message: ActivityMessage): unknown;
  /** One update next frame. */
  requestFrameUpdate(): void;
}

/** What the element places around the entries. */
export interface TranscriptSlots {
  /** Shown while the conversation is empty. */
  empty(): unknown;
  /** After the last entry, when the window reaches it (the interrupt cards). */
  end(): unknown;
  /** Below the entries (the cards of calls from outside the conversation). */
  outside: unknown;
}

/** Owns and renders the transcript's entries; `render()` gives the content of the element's `transcript` part. */
export class TranscriptController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: TranscriptControllerOptions;
  readonly #markdown = new MarkdownCache(500);
  readonly #catchUp: MarkdownCatchUp;
  readonly #window = new TranscriptWindow(WINDOW_SIZE, PAGE_SIZE, MAX_RENDERED);
  /** Tool cards an agent message shows (by message id), once the reader asked for more than `TOOL_CARDS_SHOWN`. */
  readonly #toolCardLimits = new Map<string, number>();
  #memo: { loop: AgentRunLoop | undefined; version: number; length: number; transcript: Transcript } | undefined;
  /** The message whose Copy button was last used, and how that went (its label says so until another is used). */
  #copied: { messageId: string; label: CopyButton['label'] } | undefined;
  /** The render failures reported (`<messageId> <code>`): once each, until the conversation is replaced. */
  readonly #failures = new Set<string>();

  constructor(host: ReactiveControllerHost & HTMLElement, options: TranscriptControllerOptions) {
    this.#host = host;
    this.#options = options;
    this.#catchUp = new MarkdownCatchUp(this.#markdown, () => options.requestFrameUpdate());
    host.addController(this);
  }

  /** Whether the window reaches the newest entry. */
  get atEnd(): boolean {
    return this.#window.atEnd;
  }

  hostDisconnected(): void {
    this.#catchUp.cancel();
  }

  /** Starts over (a new conversation or agent): the window at the bottom, no rendered markdown kept. */
  reset(): void {
    this.#window.reset();
    this.#toolCardLimits.clear();
    this.#markdown.clear();
    this.#catchUp.cancel();
    this.#memo = undefined;
    this.#failures.clear();
  }

  /** The transcript of the current messages, recomputed only when the conversation's version changed. */
  transcript(): Transcript {
    const loop = this.#options.loop();
    const messages = loop?.messages ?? [];
    const version = loop?.version ?? 0;
    const memo = this.#memo;
    if (memo && memo.loop === loop && memo.version === version && memo.length === messages.length) return memo.transcript;
    const transcript = buildTranscript(messages);
    this.#memo = { loop, version, length: messages.length, transcript };
    return transcript;
  }

  /**
   * The `transcript` part (`role=log`): the window's entries with the buttons that page it, what `slots` place around
   * them, and the anchor the scroll follows.
   */
  render(slots: TranscriptSlots): TemplateResult {
    const scroll = this.#options.scroll;
    const running = this.#options.loop()?.running ?? false;
    return html`<div
      part="transcript"
      class="transcript"
      role="log"
      aria-live="polite"
      aria-busy=${running ? 'true' : 'false'}
      aria-label="Conversation"
      tabindex="0"
      @scroll=${scroll.onScroll}
      @wheel=${this.#onWheel}
      @keydown=${scroll.onKeyDown}
    >
      ${this.#renderEntries(slots)}
      <div class="scroll-anchor" aria-hidden="true"></div>
    </div>`;
  }

  #onWheel = { handleEvent: (event: WheelEvent) => this.#options.scroll.onWheel(event), passive: true };

  /** The window's entries with the buttons that page it, and what `slots` place around them. */
  #renderEntries(slots: TranscriptSlots): TemplateResult {
    const loop = this.#options.loop();
    const running = loop?.running ?? false;
    const { items } = this.transcript();
    const { start, end } = this.#window.range(items.length, this.#options.scroll.following);
    const visible = start > 0 || end < items.length ? items.slice(start, end) : items;
    const lastId = items[items.length - 1]?.id;
    // Newly completed markdown blocks get one time budget per frame, shared by the messages in order; the rest is
    // rendered over the next frames or by `MarkdownCatchUp`, never in one long task.
    const budgetEnd = deadline();
    const context: EntryContext = {
      streaming: (id) => running && id === lastId,
      markdown: (id, content, streaming) => this.#messageMarkdown(id, content, running, streaming, budgetEnd),
      records: loop?.toolCalls,
      toolCardLimit: (id) => this.#toolCardLimits.get(id) ?? TOOL_CARDS_SHOWN,
      renderCard: this.#options.renderCard,
      onShowEarlierToolCalls: this.#onShowEarlierToolCalls,
      copyButton: (id) => this.#copyButton(id),
      renderActivity: this.#options.renderActivity,
      renderFailed: (id, code, message) => this.#renderFailed(id, code, message),
    };
    return html`${start > 0
        ? html`<button part="load-earlier" class="load-earlier" type="button" @click=${this.#onLoadEarlier}>
            Show earlier messages (${start})
          </button>`
        : nothing}
      ${items.length === 0 ? slots.empty() : nothing}
      <div part="transcript-items" class="transcript-items">
        ${repeat(visible, (item) => item.id, (item) => renderEntry(item, context))}${end === items.length ? slots.end() : nothing}
      </div>
      ${slots.outside}
      ${end < items.length
        ? html`<button part="load-newer" class="load-newer" type="button" @click=${this.#onLoadLater}>
            Show newer messages (${items.length - end})
          </button>`
        : nothing}`;
  }

  /**
   * A page of earlier entries (the button, or the reader at the top), keeping the first entry shown where it is.
   * One page at a time: scroll events keep coming until the page is rendered and the position restored.
   */
  loadEarlier(): void {
    const scroll = this.#options.scroll;
    const first = this.#options.items()?.firstElementChild;
    if (scroll.keepingPosition || !this.#window.earlier(this.transcript().items.length)) return;
    scroll.unfollow();
    if (first) scroll.keepInPlace(first);
    this.#host.requestUpdate();
  }

  /** A page of newer entries (the button, or the reader at the bottom of a window short of the end), likewise. */
  loadLater(): void {
    const scroll = this.#options.scroll;
    const last = this.#options.items()?.lastElementChild;
    if (scroll.keepingPosition || !this.#window.later(this.transcript().items.length)) return;
    if (last) scroll.keepInPlace(last);
    this.#host.requestUpdate();
  }

  #onLoadEarlier = (): void => this.loadEarlier();

  #onLoadLater = (): void => this.loadLater();

  /**
   * The markdown of an assistant message, advanced until the frame's `budgetEnd` (the scheduler's `deadline()`). A
   * rendering left behind its text is caught up in tasks between frames (`MarkdownCatchUp`); while that runs and the
   * agent is idle, frames only show what the tasks rendered.
   * @param streaming - the run may still write this message (the last one while running); its tail is throttled
   */
  #messageMarkdown(id: string, content: () => string, running: boolean, streaming: boolean, budgetEnd: number): RenderedMarkdown {
    const shown = !running && this.#catchUp.has(id) ? this.#markdown.peek(id) : undefined;
    const markdown = shown ?? this.#markdown.render(id, content(), undefined, timeLeft(budgetEnd), !streaming);
    if (!shown && markdown.stale) this.#catchUp.add(id, content, markdown, () => !this.#isStreaming(id));
    if (markdown.error) this.#renderFailed(id, markdown.error.code, markdown.error.message);
    return markdown;
  }

  /**
   * Reports that entry `id` could not be rendered (fully), once per entry and code: a console warning and
   * `ag-ui-render-error`, fired after the render (a listener may change the element).
   */
  #renderFailed(messageId: string, code: RenderErrorCode, message: string): void {
    const key = `${messageId} ${code}`;
    if (this.#failures.has(key)) return;
    this.#failures.add(key);
    console.warn(`<ag-ui-agent>: message ${messageId} could not be rendered (${code}):`, message);
    queueMicrotask(() => emitAgentEvent(this.#host, 'ag-ui-render-error', { messageId, code, message }));
  }

  /** Whether the run may still write message `id` (the conversation's last item while running). */
  #isStreaming(id: string): boolean {
    if (!(this.#options.loop()?.running ?? false)) return false;
    const { items } = this.transcript();
    return items[items.length - 1]?.id === id;
  }

  /**
   * "Show more" of a message's hidden tool calls: a page more of its cards, the first card shown so far kept where
   * it is on screen (the new ones appear above it, as "Show earlier messages" does).
   */
  #onShowEarlierToolCalls = (event: Event): void => {
    const scroll = this.#options.scroll;
    const row = (event.currentTarget as HTMLElement).closest('.tool-calls-hidden');
    const messageId = row?.closest<HTMLElement>('[data-message-id]')?.dataset.messageId;
    if (!row || messageId === undefined || scroll.keepingPosition) return;
    this.#toolCardLimits.set(messageId, (this.#toolCardLimits.get(messageId) ?? TOOL_CARDS_SHOWN) + TOOL_CARDS_PAGE);
    scroll.unfollow();
    scroll.keepInPlace(row.nextElementSibling ?? row);
    this.#host.requestUpdate();
  };

  #copyButton(messageId: string): CopyButton {
    const copied = this.#copied;
    return { label: copied?.messageId === messageId ? copied.label : 'Copy', onCopy: this.#onCopy };
  }

  /** Copy: the message's markdown source to the clipboard; its button then says "Copied" (or "Copy failed"). */
  #onCopy = (messageId: string): void => {
    const message = this.#options.loop()?.messages.find((candidate) => candidate.id === messageId);
    const text = typeof message?.content === 'string' ? message.content : '';
    const done = (label: CopyButton['label']): void => {
      this.#copied = { messageId, label };
      this.#host.requestUpdate();
    };
    if (!navigator.clipboard) {
      done('Copy failed');
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => done('Copied'),
      (error: unknown) => {
        console.warn('<ag-ui-agent>: could not copy the message:', error);
        done('Copy failed');
      },
    );
  };
}
