import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  TOOL_EXECUTION_EVENT_TYPES,
  type ToolExecutionEventType,
  type ToolExecutionManagerEventMap,
  type ToolRegistryEventMap,
} from '../../tools/tool-events.js';
import { ToolExecutionManager } from '../../tools/tool-execution-manager.js';
import { redactExecution, redactionInForce } from '../../tools/tool-redaction.js';
import { ToolRegistry } from '../../tools/tool-registry.js';
import type { ToolExecution, ToolRedaction } from '../../tools/types.js';
import type { ToolCallRecord } from '../../agent/types.js';
import type { CallLog } from './call-log.js';
import { executionsOfThread } from './restored-calls.js';

/** The `<ag-ui-agent>` events that carry a finished call's execution, or a retry's backoff. */
const ELEMENT_EVENTS = ['ag-ui-tool-call-end', 'ag-ui-tool-call-error', 'ag-ui-tool-retrying'] as const;

/** What the inspector reads of the element named by `for` (an `<ag-ui-agent>`): its public `registry`. */
export interface InspectedElement extends HTMLElement {
  registry: ToolRegistry;
  /** Not on `<ag-ui-agent>` today; used when an element offers its manager. */
  manager?: unknown;
  /** The tool-call records of the thread it shows (`<ag-ui-agent>`'s `toolCalls`). */
  toolCalls?: ReadonlyMap<string, ToolCallRecord>;
}

function isInspectedElement(node: unknown): node is InspectedElement {
  return node instanceof HTMLElement && (node as Partial<InspectedElement>).registry instanceof ToolRegistry;
}

/** Options of `InspectorBindingController`. */
export interface InspectorBindingControllerOptions {
  /** The registry given as a property; wins over the element's. */
  registry: () => ToolRegistry | undefined;
  /** The manager given as a property; wins over the element's and the inspector's own. */
  manager: () => ToolExecutionManager | undefined;
  /** The id of the element to inspect (`for`), looked up in the host's document or shadow root; `''` for none. */
  id: () => string;
  /** Where the calls seen go. */
  log: CallLog;
}

/**
 * Binds the inspector to what it shows, while the host is connected: a registry (its `tool-registry-change`), a
 * manager (its execution and circuit events) and the element named by `for` (its registry, the finished calls and
 * retries its `ag-ui-tool-call-end`, `ag-ui-tool-call-error` and `ag-ui-tool-retrying` events carry, and, when it
 * binds and on `ag-ui-thread-changed`, the calls of the thread it shows that ran on an earlier page, from the
 * thread's tool-call records). Every change
 * asks the host for one update in the next animation frame, however many events arrived meanwhile.
 * Call `bind()` when a property changed (it is idempotent).
 *
 * The log only ever holds executions as the page may see them: redacted as the cards are (`redactionInForce` of the
 * bound registry: the tool's `redaction`, or everything under a `requireRedaction` policy), whether they come from a
 * manager (which keeps them unredacted) or the element's events, and redacted again when the policy changes or a tool
 * is registered again.
 */
export class InspectorBindingController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: InspectorBindingControllerOptions;
  #connected = false;
  #registry: ToolRegistry | undefined;
  #manager: ToolExecutionManager | undefined;
  #element: InspectedElement | undefined;
  #followElement = false;
  /** The manager the inspector runs playground calls with when it is given none. */
  #ownManager: ToolExecutionManager | undefined;
  #frame: number | undefined;
  #frameDone: Promise<void> | undefined;
  #resolveFrame: (() => void) | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, options: InspectorBindingControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** The registry shown, if any. */
  get registry(): ToolRegistry | undefined {
    return this.#registry;
  }

  /** The manager followed and used by the playground: the given one, the element's, or the inspector's own. */
  get manager(): ToolExecutionManager {
    return this.#manager ?? (this.#ownManager ??= new ToolExecutionManager());
  }

  /** The element bound with `for`, if any. */
  get element(): InspectedElement | undefined {
    return this.#element;
  }

  /** The redaction in force for calls of `toolName` under the bound registry (`undefined`: shown as they are). */
  redactionFor(toolName: string): ToolRedaction | undefined {
    const registry = this.#registry;
    return registry && redactionInForce(registry.get(toolName), registry.policy);
  }

  /** An execution as the page may see it (see `redactionFor`). */
  shown(execution: ToolExecution): ToolExecution {
    return redactExecution(this.redactionFor(execution.toolName), execution);
  }

  /** Resolves once the update a pending frame asked for is done (at once when none is pending). */
  get frameDone(): Promise<void> {
    return this.#frameDone ?? Promise.resolve();
  }

  hostConnected(): void {
    this.#connected = true;
    this.bind();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#listen(undefined, undefined, undefined);
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
    this.#resolveFrame?.();
  }

  /** Binds to what the options name now; nothing happens when it is what is bound. */
  bind(): void {
    if (!this.#connected) return;
    const id = this.#options.id();
    const root = this.#host.getRootNode() as Partial<Pick<Document, 'getElementById'>>;
    const found = id ? root.getElementById?.(id) : undefined;
    const element = isInspectedElement(found) ? found : undefined;
    const registry = this.#options.registry() ?? element?.registry;
    const offered = element?.manager instanceof ToolExecutionManager ? element.manager : undefined;
    const manager = this.#options.manager() ?? offered ?? this.manager;
    this.#listen(registry, manager, element);
  }

  /** Asks the host for one update in the next frame (coalescing every request until then). */
  requestFrameUpdate(): void {
    if (this.#frame !== undefined || !this.#connected) return;
    this.#frameDone = new Promise((resolve) => (this.#resolveFrame = resolve));
    this.#frame = requestAnimationFrame(() => {
      this.#frame = undefined;
      this.#host.requestUpdate();
      const resolve = this.#resolveFrame;
      this.#resolveFrame = undefined;
      this.#frameDone = undefined;
      void this.#host.updateComplete.then(() => resolve?.());
    });
  }

  #listen(
    registry: ToolRegistry | undefined,
    manager: ToolExecutionManager | undefined,
    element: InspectedElement | undefined,
  ): void {
    if (registry !== this.#registry) {
      this.#registry?.removeEventListener('tool-registry-change', this.#onRegistryChange);
      this.#registry = registry;
      registry?.addEventListener('tool-registry-change', this.#onRegistryChange);
      this.#options.log.remap((execution) => this.shown(execution));
      this.requestFrameUpdate();
    }
    if (manager !== this.#manager) {
      for (const type of TOOL_EXECUTION_EVENT_TYPES) this.#manager?.removeEventListener(type, this.#onExecutionEvent);
      this.#manager?.removeEventListener('circuit-state-changed', this.#onChange);
      this.#manager = manager;
      for (const type of TOOL_EXECUTION_EVENT_TYPES) manager?.addEventListener(type, this.#onExecutionEvent);
      manager?.addEventListener('circuit-state-changed', this.#onChange);
      if (manager) for (const execution of [...manager.history, ...manager.activeExecutions]) this.#options.log.upsert(this.shown(execution));
      this.requestFrameUpdate();
    }
    // The element's events tell of its own manager's calls; a manager it offers is followed directly instead.
    const followElement = element !== undefined && element.manager !== manager;
    if (element !== this.#element || followElement !== this.#followElement) {
      if (this.#followElement) for (const type of ELEMENT_EVENTS) this.#element?.removeEventListener(type, this.#onElementEvent);
      // The calls of a thread restored from the store ran on an earlier page: no manager or event of this one tells.
      this.#element?.removeEventListener('ag-ui-thread-changed', this.#onThreadChanged);
      this.#element = element;
      this.#followElement = followElement;
      if (followElement) for (const type of ELEMENT_EVENTS) element?.addEventListener(type, this.#onElementEvent);
      element?.addEventListener('ag-ui-thread-changed', this.#onThreadChanged);
      this.#onThreadChanged();
    }
  }

  #onChange = (): void => {
    this.requestFrameUpdate();
  };

  #onRegistryChange = (event: ToolRegistryEventMap['tool-registry-change']): void => {
    const { action, toolName } = event.detail;
    // What the page may see of the calls shown changed with the policy, or with the tool's own `redaction`.
    if (action === 'policy-changed') this.#options.log.remap((execution) => this.shown(execution));
    else if (action === 'registered' && toolName !== undefined) this.#options.log.remap((execution) => this.shown(execution), toolName);
    this.requestFrameUpdate();
  };

  #onExecutionEvent = (event: Event): void => {
    const detail = (event as ToolExecutionManagerEventMap[ToolExecutionEventType]).detail;
    const log = this.#options.log;
    if (event.type === 'tool-execution-retrying') {
      const { delayMs, executionId, toolCallId } = detail as ToolExecutionManagerEventMap['tool-execution-retrying']['detail'];
      log.addBackoff(delayMs, executionId, toolCallId);
    }
    const execution =
      'execution' in detail ? detail.execution : this.#manager?.getExecution(detail.executionId);
    if (execution) log.upsert(this.shown(execution));
    this.requestFrameUpdate();
  };

  /**
   * The calls of the thread the element shows that ran on an earlier page (a restored thread: its tool-call records)
   * join the log; calls the log already holds keep what it saw of them.
   */
  #onThreadChanged = (): void => {
    const records = this.#element?.toolCalls;
    const log = this.#options.log;
    if (records) for (const execution of executionsOfThread(records.values())) if (!log.get(execution.id)) log.upsert(this.shown(execution));
    this.requestFrameUpdate();
  };

  #onElementEvent = (event: Event): void => {
    const detail = (event as CustomEvent<{ toolCallId: string; execution?: ToolExecution; delayMs?: number }>).detail;
    if (event.type === 'ag-ui-tool-retrying' && typeof detail.delayMs === 'number') {
      this.#options.log.addBackoff(detail.delayMs, undefined, detail.toolCallId);
    } else if (detail.execution) {
      this.#options.log.upsert(this.shown(detail.execution));
    }
    this.requestFrameUpdate();
  };
}
