import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from '../../internal/repeat.js';
import type { ThreadStore } from '../../persistence/thread-store.js';
import { toThreadStoreError, type ThreadStoreError } from '../../persistence/thread-store-error.js';
import type { AgUiTheme } from '../ag-ui-agent/ag-ui-agent.js';
import type { PersistenceErrorDetail, ThreadDeletedDetail, ThreadRenamedDetail, ThreadSelectDetail } from './ag-ui-thread-list.events.js';
import { agUiThreadListStyles } from './ag-ui-thread-list.styles.js';
import { noticeText, type StoreOperation } from './notice-text.js';
import { plusIcon, renderThreadItem, type ThreadItemHandlers, type ThreadItemMode } from './render-thread-item.js';
import type { ThreadListAgent } from './thread-list-agent.js';
import { AgentBindingController } from './agent-binding-controller.js';
import { ThreadStoreController } from './thread-store-controller.js';

// Re-exported so that the element's declarations carry the `HTMLElementEventMap` augmentation with them.
export type { AgUiThreadListEventMap } from './ag-ui-thread-list.events.js';

/** How often relative times ("5 min. ago") are brought up to date, in ms. */
const CLOCK_INTERVAL_MS = 60_000;

/**
 * The saved conversations of a `ThreadStore`, newest first, to switch between, start, rename and delete.
 *
 * Bind it to an agent (`agent`, or `for` with the id of an element in the same document or shadow root, typically an
 * `<ag-ui-agent>`; see `ThreadListAgent`): it lists the agent's `store`, highlights its current thread, sets its
 * `threadId` when a thread is picked and calls its `reset()` for "New conversation" and after deleting the current
 * thread. Or give it just a `store`: it lists it and fires the same events, without switching anything. A `store` set
 * on the list wins over the agent's.
 *
 * The list follows the store (`subscribe()`, also changes from other tabs) and the agent (`ag-ui-thread-changed`),
 * listing again after a burst of changes once. A store call that fails never throws: it fires
 * `ag-ui-persistence-error`, the list keeps what it showed and says what failed (`part="error"`, `role=alert`).
 * `updateComplete` also waits for the store calls the list has in flight and the render after them.
 *
 * Keyboard: every thread is a button (Tab, Enter, Space); Arrow Up / Arrow Down (Home / End) move between threads.
 * Rename: Enter or leaving the field saves, Escape cancels. Delete asks in the row first (Escape cancels).
 *
 * @summary A list of saved conversation threads for `<ag-ui-agent>`.
 *
 * @fires {CustomEvent<ThreadSelectDetail>} ag-ui-thread-select - Cancelable, a thread was picked; unless `preventDefault()`, the agent switches to it.
 * @fires {CustomEvent<Record<PropertyKey, never>>} ag-ui-thread-new - Cancelable, "New conversation" was pressed; unless `preventDefault()`, the agent's `reset()` is called.
 * @fires {CustomEvent<ThreadRenamedDetail>} ag-ui-thread-renamed - The store saved a thread's new title (`''`: back to the derived one).
 * @fires {CustomEvent<ThreadDeletedDetail>} ag-ui-thread-deleted - The store deleted a thread (the agent was reset if it was its current one).
 * @fires {CustomEvent<PersistenceErrorDetail>} ag-ui-persistence-error - A store call failed (`code`: unavailable, quota_exceeded, version_unsupported, corrupt, failed).
 *
 * @csspart base - The `<nav>` that holds the header, the error, the list and the empty state.
 * @csspart header - The row with the heading and the New conversation button.
 * @csspart heading - The "Conversations" label (the nav's name).
 * @csspart new-button - The New conversation button.
 * @csspart icon - Every icon (`<svg>`).
 * @csspart error - The message shown after a store call failed (`role=alert`).
 * @csspart error-text - Its text.
 * @csspart error-dismiss - Its Dismiss button.
 * @csspart empty - "No conversations yet." when the store has no thread.
 * @csspart list - The `<ul>` of threads (scrolls).
 * @csspart item - A thread's `<li>` (also `item-current` for the agent's thread, `item-rename` while renamed, `item-confirm` while asking to delete).
 * @csspart item-button - The button that picks the thread (its title and time; `aria-current` on the current one).
 * @csspart title - The thread's title ("New conversation" while it has none).
 * @csspart time - When the thread was last saved (`<time>`, relative, full date in its tooltip).
 * @csspart actions - The row's Rename and Delete buttons.
 * @csspart rename-button - The Rename button.
 * @csspart delete-button - The Delete button.
 * @csspart rename-input - The title's text field while renaming.
 * @csspart confirm - The "Delete …?" question with its buttons (a labelled group).
 * @csspart confirm-text - Its question.
 * @csspart confirm-delete - Its Delete button.
 * @csspart confirm-cancel - Its Cancel button.
 *
 * Colours: the `--ag-ui-color-*` properties of `<ag-ui-agent>`, light by default, dark under
 * `prefers-color-scheme: dark` unless `theme="light"`; `theme="dark"` forces dark. A page's own values win in both.
 *
 * @cssprop [--ag-ui-font-family=system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif] - Text font.
 * @cssprop [--ag-ui-font-size=0.9375rem] - Base font size.
 * @cssprop [--ag-ui-line-height=1.5] - Line height.
 * @cssprop [--ag-ui-color-text=#1f2328] - Text.
 * @cssprop [--ag-ui-color-muted=#57606a] - Times, icons, the empty state.
 * @cssprop [--ag-ui-color-background=#ffffff] - Background.
 * @cssprop [--ag-ui-color-surface=#f6f8fa] - A row under the pointer, buttons.
 * @cssprop [--ag-ui-color-border=#d0d7de] - Borders.
 * @cssprop [--ag-ui-color-accent=#0a58ca] - The New conversation button, the current thread's mark, the focus ring.
 * @cssprop [--ag-ui-color-accent-text=#ffffff] - Text on the accent colour.
 * @cssprop [--ag-ui-color-danger=#b3261e] - The error and the Delete confirmation.
 * @cssprop [--ag-ui-color-danger-background=#ffebe9] - The error's background.
 * @cssprop [--ag-ui-thread-list-current-background=#ddf4ff] - The current thread's row.
 * @cssprop [--ag-ui-focus-ring=2px solid var(--ag-ui-color-accent)] - Focus outline.
 * @cssprop [--ag-ui-radius=0.5rem] - Corner radius.
 * @cssprop [--ag-ui-spacing=0.75rem] - Base spacing.
 *
 * @example
 * ```html
 * <ag-ui-thread-list for="chat"></ag-ui-thread-list>
 * <ag-ui-agent id="chat" url="/api/agent" persist></ag-ui-agent>
 * <script type="module">
 *   import 'ag-ui-lit';
 *   import 'ag-ui-lit/thread-list';
 *   document.querySelector('ag-ui-thread-list').addEventListener('ag-ui-thread-select', (e) => closeDrawer());
 * </script>
 * ```
 */
@customElement('ag-ui-thread-list')
export class AgUiThreadList extends LitElement {
  static override styles = agUiThreadListStyles;

  readonly #threads = new ThreadStoreController(this, {
    onError: (error) => this.#report(error, 'list'),
    onListed: () => {
      if (this._notice?.operation === 'list') this._notice = undefined;
    },
  });
  readonly #binding = new AgentBindingController(this, {
    agent: () => this.agent ?? undefined,
    id: () => this.htmlFor,
    onChange: (reason) => {
      const before = this.#threads.store;
      this.#syncStore();
      if (reason === 'thread-changed' && this.#threads.store === before) void this.#threads.refresh();
      this.requestUpdate();
    },
  });

  /** The thread whose title is in a text field. */
  @state() private _renaming: string | undefined;
  /** The thread whose row asks whether to delete it. */
  @state() private _confirming: string | undefined;
  /** The thread being deleted. */
  @state() private _deleting: string | undefined;
  /** What the error part says, and after which kind of call (a good `list()` clears a listing error only). */
  @state() private _notice: { operation: StoreOperation; text: string } | undefined;

  /** Titles saved but not yet listed, by thread. */
  readonly #pendingTitles = new Map<string, string>();
  /** Renames and deletes in flight (they never reject). */
  readonly #operations = new Set<Promise<void>>();
  #focusAfterUpdate: (() => HTMLElement | null | undefined) | undefined;
  #clock: ReturnType<typeof setInterval> | undefined;

  /** The agent to drive (any `ThreadListAgent`, typically an `<ag-ui-agent>`); wins over `for`. */
  @property({ attribute: false }) agent: ThreadListAgent | undefined;

  /** The id of the agent element to drive (attribute `for`), looked up in this element's document or shadow root. */
  @property({ attribute: 'for' }) htmlFor = '';

  /** The store to list; wins over the agent's `store`. Without an agent, picking and New only fire their events. */
  @property({ attribute: false }) store: ThreadStore | undefined;

  /** Colour scheme (reflected): `'auto'` (default) follows `prefers-color-scheme`; `'light'`/`'dark'` force one. */
  @property({ reflect: true }) theme: AgUiTheme = 'auto';

  override connectedCallback(): void {
    super.connectedCallback();
    this.#clock = setInterval(() => this.#threads.threads.length > 0 && this.requestUpdate(), CLOCK_INTERVAL_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.#clock);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.isConnected) return;
    if (changed.has('agent') || changed.has('htmlFor')) this.#binding.bind();
    if (changed.has('store')) this.#syncStore();
  }

  protected override updated(): void {
    const focus = this.#focusAfterUpdate;
    this.#focusAfterUpdate = undefined;
    focus?.()?.focus();
  }

  /** Also waits for the store calls in flight (listing, renaming, deleting) and the render after them. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    for (let busy = this.#busy(); busy; busy = this.#busy()) {
      await busy;
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  /**
   * Lists the store again (the list does so by itself after each change the store reports).
   * @returns a promise that settles once the list shows the result; it never rejects (see `ag-ui-persistence-error`)
   */
  async refresh(): Promise<void> {
    await this.#threads.refresh();
    await this.updateComplete;
  }

  override render(): TemplateResult {
    const { threads, loaded } = this.#threads;
    const current = this.#binding.agent?.threadId;
    const now = Date.now();
    const handlers = this.#itemHandlers;
    return html`<nav part="base" class="base" aria-labelledby="heading">
      <div part="header" class="header">
        <span part="heading" class="heading" id="heading">Conversations</span>
        <button part="new-button" class="new-button" type="button" @click=${this.#onNew}>${plusIcon}<span>New conversation</span></button>
      </div>
      ${this._notice
        ? html`<div part="error" class="error" role="alert">
            <p part="error-text" class="error-text">${this._notice.text}</p>
            <button part="error-dismiss" class="error-dismiss" type="button" @click=${this.#onDismiss}>Dismiss</button>
          </div>`
        : nothing}
      ${threads.length > 0
        ? html`<ul part="list" class="list" @keydown=${this.#onListKeyDown}>
            ${repeat(threads, (thread) => thread.threadId, (thread) => {
              const { threadId } = thread;
              const mode: ThreadItemMode = threadId === this._renaming ? 'rename' : threadId === this._confirming ? 'confirm' : 'view';
              const title = this.#pendingTitles.get(threadId) ?? thread.title;
              return renderThreadItem(thread, { mode, current: threadId === current, title, busy: threadId === this._deleting, now }, handlers);
            })}
          </ul>`
        : loaded
          ? html`<p part="empty" class="empty">No conversations yet.</p>`
          : nothing}
    </nav>`;
  }

  /** The store listed: `store`, else the bound agent's (re-read on each of its thread changes). */
  #syncStore(): void {
    this.#threads.store = this.store ?? this.#binding.agent?.store;
  }

  #busy(): Promise<unknown> | undefined {
    const waiting: Promise<unknown>[] = [...this.#operations];
    if (this.#threads.pending) waiting.push(this.#threads.pending);
    return waiting.length > 0 ? Promise.all(waiting) : undefined;
  }

  #track(operation: Promise<void>): void {
    this.#operations.add(operation);
    void operation.finally(() => this.#operations.delete(operation));
  }

  /** Resolves once the list holds what the store has after a write (the store's own change, or a `list()` of ours). */
  #listed(): Promise<void> {
    return this.#threads.pending ?? this.#threads.refresh();
  }

  #report(error: ThreadStoreError, operation: StoreOperation, threadId?: string, title?: string): void {
    const detail: PersistenceErrorDetail = { code: error.code, message: error.message };
    const concerned = threadId ?? error.threadId;
    if (concerned !== undefined) detail.threadId = concerned;
    if (error.cause !== undefined) detail.cause = error.cause;
    const event = new CustomEvent('ag-ui-persistence-error', { detail, bubbles: true, composed: true });
    this.dispatchEvent(event);
    this._notice = { operation, text: noticeText(operation, error.code, title) };
  }

  #row(threadId: string): HTMLElement | undefined {
    return [...this.renderRoot.querySelectorAll<HTMLElement>('.item')].find((row) => row.dataset['threadId'] === threadId);
  }

  #focusInRow(threadId: string, selector: string): void {
    this.#focusAfterUpdate = () => this.#row(threadId)?.querySelector<HTMLElement>(selector);
  }

  #onNew = (): void => {
    const event = new CustomEvent('ag-ui-thread-new', { detail: {}, bubbles: true, composed: true, cancelable: true });
    if (!this.dispatchEvent(event)) return;
    this.#binding.agent?.reset();
    this.requestUpdate();
  };

  #onDismiss = (): void => {
    this._notice = undefined;
    this.#focusAfterUpdate = () => this.renderRoot.querySelector<HTMLElement>('.new-button');
  };

  #onSelect = (threadId: string): void => {
    const detail: ThreadSelectDetail = { threadId };
    const event = new CustomEvent('ag-ui-thread-select', { detail, bubbles: true, composed: true, cancelable: true });
    if (!this.dispatchEvent(event)) return;
    const agent = this.#binding.agent;
    if (agent && agent.threadId !== threadId) agent.threadId = threadId;
    this.requestUpdate();
  };

  #onRename = (threadId: string): void => {
    this._confirming = undefined;
    this._renaming = threadId;
    this.#focusAfterUpdate = () => {
      const input = this.#row(threadId)?.querySelector<HTMLInputElement>('.rename-input');
      input?.select();
      return input;
    };
  };

  #onRenameKeyDown = (event: KeyboardEvent, threadId: string): void => {
    if (event.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      this.#commitRename(threadId, (event.currentTarget as HTMLInputElement).value);
      this.#focusInRow(threadId, '.rename-button');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this._renaming = undefined;
      this.#focusInRow(threadId, '.rename-button');
    }
  };

  #onRenameBlur = (event: FocusEvent, threadId: string): void => {
    this.#commitRename(threadId, (event.currentTarget as HTMLInputElement).value);
  };

  /** Leaves the text field and saves its title, unless it is the title already; once per rename (Enter, then blur). */
  #commitRename(threadId: string, value: string): void {
    if (this._renaming !== threadId) return;
    this._renaming = undefined;
    const store = this.#threads.store;
    const thread = this.#threads.threads.find((candidate) => candidate.threadId === threadId);
    const title = value.trim();
    if (!store || !thread || title === thread.title) return;
    this.#pendingTitles.set(threadId, title);
    this.#track(this.#rename(store, threadId, title, thread.title));
  }

  async #rename(store: ThreadStore, threadId: string, title: string, previous: string): Promise<void> {
    try {
      if (await store.rename(threadId, title)) {
        const detail: ThreadRenamedDetail = { threadId, title };
        const event = new CustomEvent('ag-ui-thread-renamed', { detail, bubbles: true, composed: true });
        this.dispatchEvent(event);
      }
      await this.#listed();
    } catch (error) {
      this.#report(toThreadStoreError(error, `Renaming thread "${threadId}"`, undefined, threadId), 'rename', threadId, previous);
    } finally {
      this.#pendingTitles.delete(threadId);
      this.requestUpdate();
    }
  }

  #onDelete = (threadId: string): void => {
    this._renaming = undefined;
    this._confirming = threadId;
    this.#focusInRow(threadId, '.confirm-cancel');
  };

  #onCancelDelete = (threadId: string): void => {
    this._confirming = undefined;
    this.#focusInRow(threadId, '.delete-button');
  };

  /** Escape in the "Delete …?" question answers Cancel (unless the delete is under way). */
  #onConfirmKeyDown = (event: KeyboardEvent, threadId: string): void => {
    if (event.key !== 'Escape' || this._deleting) return;
    event.preventDefault();
    this.#onCancelDelete(threadId);
  };

  #onConfirmDelete = (threadId: string): void => {
    const store = this.#threads.store;
    if (!store || this._deleting) return;
    this._deleting = threadId;
    this.#track(this.#delete(store, threadId));
  };

  async #delete(store: ThreadStore, threadId: string): Promise<void> {
    const threads = this.#threads.threads;
    const index = threads.findIndex((thread) => thread.threadId === threadId);
    const title = threads[index]?.title;
    try {
      if (await store.delete(threadId)) {
        const detail: ThreadDeletedDetail = { threadId };
        const event = new CustomEvent('ag-ui-thread-deleted', { detail, bubbles: true, composed: true });
        this.dispatchEvent(event);
        const agent = this.#binding.agent;
        if (agent && agent.threadId === threadId) agent.reset();
      }
      await this.#listed();
      // Focus, lost with the row, goes to the thread that took its place (else the one before, else New conversation).
      this.#focusAfterUpdate = () => {
        if (!this.#focusLost()) return undefined;
        const buttons = [...this.renderRoot.querySelectorAll<HTMLElement>('.select')];
        return buttons[Math.min(Math.max(index, 0), buttons.length - 1)] ?? this.renderRoot.querySelector<HTMLElement>('.new-button');
      };
    } catch (error) {
      this.#report(toThreadStoreError(error, `Deleting thread "${threadId}"`, undefined, threadId), 'delete', threadId, title);
      this.#focusInRow(threadId, '.delete-button');
    } finally {
      this._deleting = undefined;
      if (this._confirming === threadId) this._confirming = undefined;
    }
  }

  /** Whether focus went to the page's body (or nowhere) with a node of ours, rather than somewhere a person put it. */
  #focusLost(): boolean {
    if (this.shadowRoot?.activeElement) return false;
    const active = (this.getRootNode() as Document | ShadowRoot).activeElement;
    return active === null || active === document.body || active === this;
  }

  /** Arrow Up / Arrow Down, Home / End: focus to the previous, next, first or last thread's button. */
  #onListKeyDown = (event: KeyboardEvent): void => {
    const keys = ['ArrowUp', 'ArrowDown', 'Home', 'End'];
    if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const origin = event.composedPath()[0];
    if (!(origin instanceof HTMLButtonElement)) return;
    // A row asking whether to delete has no thread button: its first button stands in for it.
    const targets = [...this.renderRoot.querySelectorAll<HTMLElement>('.item')]
      .map((row) => row.querySelector<HTMLElement>('.select') ?? row.querySelector<HTMLElement>('button'))
      .filter((target): target is HTMLElement => target !== null);
    const at = targets.findIndex((target) => target.closest('.item') === origin.closest('.item'));
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? targets.length - 1 : at + (event.key === 'ArrowDown' ? 1 : -1);
    const target = targets[Math.min(Math.max(next, 0), targets.length - 1)];
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  readonly #itemHandlers: ThreadItemHandlers = {
    onSelect: this.#onSelect,
    onRename: this.#onRename,
    onDelete: this.#onDelete,
    onConfirmDelete: this.#onConfirmDelete,
    onCancelDelete: this.#onCancelDelete,
    onConfirmKeyDown: this.#onConfirmKeyDown,
    onRenameKeyDown: this.#onRenameKeyDown,
    onRenameBlur: this.#onRenameBlur,
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'ag-ui-thread-list': AgUiThreadList;
  }
}
