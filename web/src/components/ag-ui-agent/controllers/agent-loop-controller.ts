import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AgentRunLoop } from '../../../agent/agent-run-loop.js';
import { AGENT_RUN_LOOP_EVENTS } from '../../../agent/types.js';
import { emit } from '../../../internal/emit.js';
import { FrameCoalescer } from '../../../internal/frame-coalescer.js';

/**
 * Options of `AgentLoopController`: none are left (the controller always re-fires the loop's events).
 * @deprecated Construct with the host alone; kept only so that existing imports of the name compile.
 */
export type AgentLoopControllerOptions = Record<never, never>;

/**
 * Binds a host element to an `AgentRunLoop`: listens to every loop event, re-fires it on the host as `ag-ui-<name>`
 * at once (bubbling, composed, same detail; `running-changed` excepted: events are facts, not frames), and asks the
 * host to render at most once per animation frame however many events arrived (a 100,000-token reply renders once
 * per frame, not once per token). A cancelable loop event is re-fired cancelable, and a `preventDefault()` on the
 * host's event is passed back to the loop's.
 *
 * Listens only while the host is connected; setting `loop` moves the listeners to the new loop.
 *
 * @example
 * ```ts
 * class MyChat extends LitElement {
 *   #agent = new AgentLoopController(this);
 *   connectedCallback() { super.connectedCallback(); this.#agent.loop = new AgentRunLoop({ agent, registry }); }
 *   render() { return html`${this.#agent.loop?.messages.length} messages`; }
 * }
 * ```
 */
export class AgentLoopController implements ReactiveController {
  readonly #host: ReactiveControllerHost & EventTarget;
  readonly #frame: FrameCoalescer;
  #loop: AgentRunLoop | undefined;
  #listening: AgentRunLoop | undefined;
  #connected = false;

  constructor(host: ReactiveControllerHost & EventTarget, _options?: AgentLoopControllerOptions) {
    this.#host = host;
    this.#frame = new FrameCoalescer(() => host.requestUpdate());
    host.addController(this);
  }

  /** The loop the host shows, if any. Setting it re-targets the listeners and schedules a render. */
  get loop(): AgentRunLoop | undefined {
    return this.#loop;
  }

  set loop(loop: AgentRunLoop | undefined) {
    if (loop === this.#loop) return;
    this.#loop = loop;
    this.#listen();
    this.requestFrameUpdate();
  }

  hostConnected(): void {
    this.#connected = true;
    this.#listen();
    // Whatever the loop did while the host was away (or a frame cancelled by the disconnection) is not on screen yet.
    if (this.#loop) this.requestFrameUpdate();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#listen();
    this.#frame.cancel();
  }

  /** Schedules one host update for the next animation frame (coalescing every call until then). */
  requestFrameUpdate(): void {
    if (this.#connected) this.#frame.request();
  }

  /** @internal the listener object added to the loop for every event */
  handleEvent(event: Event): void {
    if (event.type !== 'running-changed') {
      const detail = (event as CustomEvent<unknown>).detail;
      if (!emit(this.#host, `ag-ui-${event.type}`, detail, { cancelable: event.cancelable })) event.preventDefault();
    }
    this.requestFrameUpdate();
  }

  #listen(): void {
    const target = this.#connected ? this.#loop : undefined;
    if (target === this.#listening) return;
    for (const type of AGENT_RUN_LOOP_EVENTS) this.#listening?.removeEventListener(type, this);
    this.#listening = target;
    for (const type of AGENT_RUN_LOOP_EVENTS) target?.addEventListener(type, this);
  }
}
