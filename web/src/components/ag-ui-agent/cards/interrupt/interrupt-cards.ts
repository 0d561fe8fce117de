/**
 * The interrupt cards of `<ag-ui-agent>`, after the last entry: their module (cards and `InterruptController`) loads
 * when the first interrupt is due; until then a placeholder shows, and if it cannot be loaded, plain answers.
 * @module
 * @internal
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { AgentRunLoop } from '../../../../agent/agent-run-loop.js';
import type { InterruptController } from '../../controllers/interrupt-controller.js';
import { LazyModule, type LazyParts } from '../../parts/lazy-part.js';
import { renderInterruptsFallback, renderPartLoading } from '../../parts/render-lazy-part.js';
import { shownInterrupts } from './shown-interrupts.js';

const interruptPart = new LazyModule('interrupts', () => import('./interrupt-part.js'));

/** What the interrupt cards need from the element. */
export interface InterruptCardsOptions {
  loop(): AgentRunLoop | undefined;
  lazy: LazyParts;
  /** An answer lets the loop resume (or a fallback answer was given): follow the transcript's end. */
  onResume(): void;
  /** Where focus goes when the person's last answer removes the cards. */
  focusAfterAnswer(): void;
}

/** Renders the interrupt cards; call `sync()` in `willUpdate` (see `InterruptController`). */
export class InterruptCards {
  readonly #host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };
  readonly #options: InterruptCardsOptions;
  /** The cards' controller, once an interrupt was due and their module loaded. */
  #controller: InterruptController | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment }, options: InterruptCardsOptions) {
    this.#host = host;
    this.#options = options;
  }

  /**
   * Makes the cards' controller in the first update after their module loaded (before the controllers' `hostUpdate`,
   * so that it sees that update).
   */
  sync(): void {
    const interrupts = interruptPart.module;
    if (this.#controller || !interrupts || shownInterrupts(this.#options.loop()).length === 0) return;
    this.#options.lazy.use(interruptPart);
    this.#controller = new interrupts.InterruptController(this.#host, {
      loop: () => this.#options.loop(),
      onResume: () => this.#options.onResume(),
      focusAfterAnswer: () => this.#options.focusAfterAnswer(),
    });
  }

  /** The interrupt cards (loaded when the first interrupt is due), their placeholder, or plain answers. */
  render(): unknown {
    if (this.#controller) return this.#controller.render();
    const shown = shownInterrupts(this.#options.loop());
    if (shown.length === 0) return nothing;
    const { lazy } = this.#options;
    lazy.use(interruptPart);
    if (lazy.status(interruptPart) === 'failed') return renderInterruptsFallback(shown, () => this.#options.onResume());
    return html`<div part="interrupts" class="interrupts">${renderPartLoading('Loading the question…')}</div>`;
  }
}
