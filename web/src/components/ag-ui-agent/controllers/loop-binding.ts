/**
 * Which `AgentRunLoop` `<ag-ui-agent>` shows: built from its `agent` (or an `SseHttpAgent` for `url` and `headers`)
 * and `registry`, rebuilt when they change (keeping the conversation when only the registry changed, or the element
 * came back from a disconnection to the same agent), disposed when the element leaves the document.
 * @module
 * @internal
 */
import { AgentRunLoop } from '../../../agent/agent-run-loop.js';
import type { AgentLoopController } from './agent-loop-controller.js';
import type { LoopSettings } from './loop-settings.js';
import { LoopSourceKeeper, type LoopSource } from './loop-source.js';

/** What the binding needs from the element. */
export interface LoopBindingOptions {
  /** Holds the loop the element shows (and re-fires its events). */
  controller: AgentLoopController;
  /** What the loop is built from now. */
  source(): LoopSource;
  /** The thread a new conversation starts on (`thread-id`), if set. */
  threadId(): string | undefined;
  /** The headers of an `SseHttpAgent` built from `url` (checked). */
  headers(): Record<string, string>;
  /** The settings of a new loop (checked). */
  settings(): LoopSettings;
  /** A loop with a new conversation was built. */
  onNewConversation(): void;
  /** The loop could not be built (the message says why, for the error banner). */
  onError(message: string): void;
}

/** Builds, keeps and disposes an element's loop. */
export class LoopBinding {
  readonly #options: LoopBindingOptions;
  readonly #keeper = new LoopSourceKeeper();

  constructor(options: LoopBindingOptions) {
    this.#options = options;
  }

  /** Builds (or rebuilds) the loop when its source changed; restores a kept conversation when it is the same agent. */
  sync(): AgentRunLoop | undefined {
    const { controller } = this.#options;
    const source = this.#options.source();
    if (this.#keeper.isCurrent(source)) return controller.loop;
    const carry = this.#keeper.takeCarry(source, controller.loop);
    this.teardown(false);
    const agent = this.#keeper.agentFor(source, carry, this.#options.threadId(), this.#options.headers());
    if (!agent) return undefined;
    let loop: AgentRunLoop;
    try {
      loop = new AgentRunLoop({ agent, registry: source.registry, ...this.#options.settings() });
    } catch (error) {
      console.error('<ag-ui-agent>: could not start the agent loop:', error);
      this.#options.onError(`Could not start the agent: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    this.#keeper.built(source);
    if (!carry) this.#options.onNewConversation();
    controller.loop = loop;
    return loop;
  }

  /** Disposes the loop; keeps its conversation for a return to the same agent when `keepSnapshot` (a disconnection). */
  teardown(keepSnapshot = true): void {
    const { controller } = this.#options;
    const loop = controller.loop;
    if (!loop) return;
    this.#keeper.release(loop, keepSnapshot);
    controller.loop = undefined;
    loop.dispose();
  }

  /** Forgets the conversation kept for a return (a reset: nothing to restore). */
  forgetSnapshot(): void {
    this.#keeper.forgetSnapshot();
  }

  /** New `headers`: applied to the `SseHttpAgent` built from `url` (an `agent` the page passed keeps its own). */
  updateHeaders(): void {
    const agent = this.#keeper.ownAgent;
    if (agent) agent.headers = this.#options.headers();
  }
}
