import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { findAgent, THREAD_CHANGED_EVENT, type ThreadListAgent } from './thread-list-agent.js';

/** Options of `AgentBindingController`. */
export interface AgentBindingControllerOptions {
  /** The agent given as a property; wins over `id`. */
  agent: () => ThreadListAgent | undefined;
  /** The id of the agent element, looked up in the host's document or shadow root; `''` for none. */
  id: () => string;
  /** Called when the bound agent changed (`'bound'`) and on each of its `ag-ui-thread-changed` (`'thread-changed'`). */
  onChange: (reason: 'bound' | 'thread-changed') => void;
}

/**
 * Binds a host to the agent it drives (a `ThreadListAgent`, given as a property or found by id) while the host is
 * connected, and listens to the agent's `ag-ui-thread-changed`. While the id names no agent (it is later in the page,
 * or not defined yet), the host's root is watched for an `ag-ui-thread-changed` from an element with that id.
 * Call `bind()` when the property or the id changes.
 */
export class AgentBindingController implements ReactiveController {
  readonly #host: ReactiveControllerHost & Node;
  readonly #options: AgentBindingControllerOptions;
  #agent: ThreadListAgent | undefined;
  #watchedRoot: Node | undefined;

  constructor(host: ReactiveControllerHost & Node, options: AgentBindingControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** The agent bound to, if any. */
  get agent(): ThreadListAgent | undefined {
    return this.#agent;
  }

  hostConnected(): void {
    this.bind();
  }

  hostDisconnected(): void {
    this.#listenTo(undefined);
    this.#watchRoot(false);
  }

  /** Binds to the agent the options name now (idempotent: nothing happens when it is the bound one). */
  bind(): void {
    const given = this.#options.agent();
    const agent = given ?? findAgent(this.#host, this.#options.id());
    this.#watchRoot(!agent && this.#options.id() !== '');
    if (agent === this.#agent) return;
    this.#listenTo(agent);
    this.#options.onChange('bound');
  }

  #listenTo(agent: ThreadListAgent | undefined): void {
    this.#agent?.removeEventListener(THREAD_CHANGED_EVENT, this.#onThreadChanged);
    this.#agent = agent;
    agent?.addEventListener(THREAD_CHANGED_EVENT, this.#onThreadChanged);
  }

  #watchRoot(watch: boolean): void {
    const root = watch ? this.#host.getRootNode() : undefined;
    if (root === this.#watchedRoot) return;
    this.#watchedRoot?.removeEventListener(THREAD_CHANGED_EVENT, this.#onRootThreadChanged);
    this.#watchedRoot = root;
    root?.addEventListener(THREAD_CHANGED_EVENT, this.#onRootThreadChanged);
  }

  #onThreadChanged = (): void => {
    this.#options.onChange('thread-changed');
  };

  /** An agent found late: its first thread change has passed it already, so it counts as one for the host too. */
  #onRootThreadChanged = (event: Event): void => {
    if (!(event.target instanceof Element) || event.target.id !== this.#options.id()) return;
    this.bind();
    if (this.#agent) this.#options.onChange('thread-changed');
  };
}
