/**
 * Moves focus to an approval card when it appears, so that a keyboard or screen reader user lands on the question
 * (and Tab reaches Approve), without stealing focus from elsewhere in the page.
 * @module
 * @internal
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ownSelector } from '../transcript/own-nodes.js';

/** Selector of the approval cards (see `render-tool-approval.ts`), never a node of model content. */
const APPROVAL_SELECTOR = ownSelector('.tool-approval[data-tool-call-id]');

/**
 * After each host update, focuses the first approval card that was not on screen before, when focus is inside the
 * host or nowhere in particular (`<body>`): the person was using the chat, so the question is where they are. Focus
 * lands on the card (a labelled group), not on Approve, so that an Enter meant for something else approves nothing;
 * and it is never taken from a text field that holds text (the person is writing their next message).
 */
export class ApprovalFocusController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  /** toolCallIds of the approval cards seen on screen. */
  #seen = new Set<string>();

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  hostUpdated(): void {
    const root = this.#host.shadowRoot;
    if (!root) return;
    const cards = [...root.querySelectorAll<HTMLElement>(APPROVAL_SELECTOR)];
    const ids = new Set(cards.map((card) => card.dataset.toolCallId!));
    const fresh = cards.find((card) => !this.#seen.has(card.dataset.toolCallId!));
    this.#seen = ids;
    if (fresh && this.#mayMoveFocus()) fresh.focus();
  }

  /** The first approval card on screen other than `except`'s, if any (where focus goes after an answer). */
  nextCard(except: string): HTMLElement | undefined {
    const cards = this.#host.shadowRoot?.querySelectorAll<HTMLElement>(APPROVAL_SELECTOR) ?? [];
    return [...cards].find((card) => card.dataset.toolCallId !== except);
  }

  #mayMoveFocus(): boolean {
    const inside = this.#host.shadowRoot?.activeElement;
    if (inside) return !((inside instanceof HTMLTextAreaElement || inside instanceof HTMLInputElement) && inside.value !== '');
    const active = document.activeElement;
    return active === null || active === document.body || active === document.documentElement;
  }
}
