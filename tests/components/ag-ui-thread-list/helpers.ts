// Helpers for the <ag-ui-thread-list> tests: seeded stores, a stub agent, shadow DOM queries.
import { MemoryThreadStore, type ThreadStore } from '../../../web/src/persistence/index.js';
import type { AgUiThreadList } from '../../../web/src/components/ag-ui-thread-list/ag-ui-thread-list.js';
import type { ThreadListAgent } from '../../../web/src/components/ag-ui-thread-list/thread-list-agent.js';

/** A minute, in ms. */
export const MINUTE = 60_000;

/**
 * A `MemoryThreadStore` with one thread per title, saved in order (so the last is newest), each a minute after the
 * one before and the last five minutes ago. An empty title makes a thread without user text (untitled).
 */
export async function seededStore(titles: readonly string[]): Promise<MemoryThreadStore> {
  let time = Date.now() - (titles.length + 5) * MINUTE;
  const store = new MemoryThreadStore({ now: () => time });
  for (const [index, title] of titles.entries()) {
    time += MINUTE;
    const messages = title ? [{ id: `m${index}`, role: 'user' as const, content: title }] : [];
    await store.save({ threadId: `t${index}`, messages });
  }
  return store;
}

/**
 * An agent as the list sees one: a plain element with `store`, `threadId` and `reset()` that fires
 * `ag-ui-thread-changed` whenever its thread changes. `resets` counts `reset()` calls.
 */
export class StubAgent extends HTMLElement implements ThreadListAgent {
  store: ThreadStore | undefined;
  resets = 0;
  #threadId = 'stub-initial';

  get threadId(): string {
    return this.#threadId;
  }

  set threadId(value: string) {
    this.#threadId = value;
    this.#changed();
  }

  reset(): void {
    this.resets++;
    this.#threadId = `new-${this.resets}`;
    this.#changed();
  }

  #changed(): void {
    const event = new CustomEvent('ag-ui-thread-changed', { detail: { threadId: this.#threadId }, bubbles: true, composed: true });
    this.dispatchEvent(event);
  }
}
customElements.define('test-thread-agent', StubAgent);

export function $(el: AgUiThreadList, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}

export function $$(el: AgUiThreadList, selector: string): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
}

/** The titles the list shows, top to bottom. */
export function titles(el: AgUiThreadList): string[] {
  return $$(el, '[part~="title"]').map((node) => node.textContent!.trim());
}

/** The `<li>` of a thread. */
export function row(el: AgUiThreadList, threadId: string): HTMLElement {
  const found = $$(el, '[part~="item"]').find((node) => node.dataset['threadId'] === threadId);
  if (!found) throw new Error(`no row for ${threadId}`);
  return found;
}

/** A control in a thread's row, by part. */
export function control(el: AgUiThreadList, threadId: string, part: string): HTMLElement {
  const found = row(el, threadId).querySelector<HTMLElement>(`[part~="${part}"]`);
  if (!found) throw new Error(`no ${part} in ${threadId}`);
  return found;
}

/** The element focused inside the list, if any. */
export function focused(el: AgUiThreadList): Element | null {
  return el.shadowRoot!.activeElement;
}
