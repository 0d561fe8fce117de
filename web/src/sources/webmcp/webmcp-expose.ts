/**
 * WebMCP expose: the page's own tools offered to the browser's agent through `document.modelContext`. Needs no
 * optional peer (it talks to the browser API only), so `<ag-ui-agent expose-webmcp>` imports it on demand.
 * @module
 */
import {
  budgetsFor,
  DEFAULT_RETRY_CONFIG,
  ToolExecutionManager,
  ValidatingToolExecutor,
  withToolBudgets,
  type JSONSchema,
  type RegisteredTool,
  type ToolRegistry,
} from '../../tools/index.js';
import { toolEffectOf } from '../../tools/tool-effect.js';
import { decideToolCall } from '../../tools/tool-policy.js';
import type { McpToolHints } from '../mcp/mcp-trust.js';

/**
 * What WebMCP's `execute` answers the browser's agent: an MCP `CallToolResult` (text content; the result also as
 * `structuredContent` when it is a JSON object; `isError` with the error JSON as text when the call failed or did
 * not run).
 */
export interface WebMcpCallToolResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * One tool as given to `modelContext.registerTool()` (structurally `ModelContextTool` of `@mcp-b/webmcp-types`, with
 * the MCP annotations its `ToolDescriptor` extension takes).
 */
export interface WebMcpToolDescriptor {
  name: string;
  description: string;
  inputSchema: JSONSchema;
  annotations: McpToolHints;
  execute(input: Record<string, unknown>): Promise<WebMcpCallToolResult>;
}

/** The part of WebMCP's model context that exposing uses: `registerTool()`, withdrawn by aborting its `signal`. */
export interface WebMcpExposeTarget {
  registerTool(tool: WebMcpToolDescriptor, options?: { signal?: AbortSignal }): Promise<void> | void;
}

/** How one call ended, as a runner reports it (see `ExposeToWebMcpOptions.run`). */
export interface WebMcpExposedCallOutcome {
  status: 'succeeded' | 'failed' | 'cancelled' | 'uncertain';
  /** The result text (succeeded), or the error JSON `{"ok":false,"errorCode":...,"message":...}`. */
  content: string;
}

/**
 * Runs one call that arrived through WebMCP. The element's runner is its loop's `runToolCall()` (a card, approval in
 * the element, the tool events); the default one is `registryRunner()`.
 */
export type WebMcpToolRunner = (toolName: string, args: Record<string, unknown>) => Promise<WebMcpExposedCallOutcome>;

/** Detail of an exposure's failures (`onError`): a tool the model context refused, or a call that threw. */
export interface WebMcpExposeError {
  /** `webmcp_register_failed` (the model context refused the tool, e.g. a name another script registered). */
  code: 'webmcp_register_failed';
  toolName: string;
  message: string;
}

/** Options of `exposeToWebMcp()`. */
export interface ExposeToWebMcpOptions {
  /** Where to register. Default `document.modelContext` (or the older `navigator.modelContext`). */
  modelContext?: WebMcpExposeTarget;
  /** How calls run. Default `registryRunner(registry, { manager, approve })`. */
  run?: WebMcpToolRunner;
  /** Runs the tools for the default runner. Default: a new `ToolExecutionManager` with validation. */
  manager?: ToolExecutionManager;
  /**
   * Asked by the default runner when the policy wants a person's approval. Default: none, so such a call is refused
   * (`approval_required`); `<ag-ui-agent expose-webmcp>` asks in its card instead.
   */
  approve?: (call: { toolName: string; args: Record<string, unknown> }) => boolean | Promise<boolean>;
  /**
   * Which tools to expose. Default: all the policy does not deny, except the tools this page itself took from WebMCP
   * (category `webmcp`), which would loop back.
   */
  include?: (tool: RegisteredTool) => boolean;
  /** Told when the model context refuses a tool. Default: `console.warn`. */
  onError?: (error: WebMcpExposeError) => void;
}

/** What `exposeToWebMcp()` returns. */
export interface WebMcpExposure {
  /** Names of the tools registered with the model context now. */
  readonly toolNames: readonly string[];
  /** Settles once the registrations of the latest sync have been answered (never rejects). */
  readonly ready: Promise<void>;
  /** Withdraws every exposed tool and stops following the registry. Idempotent. */
  withdraw(): void;
}

/** Thrown by `exposeToWebMcp()` when the page has no WebMCP model context. */
export class WebMcpUnavailableError extends Error {
  readonly code = 'webmcp_unavailable';
  constructor() {
    super('No WebMCP model context on this page (document.modelContext): use a browser with WebMCP or @mcp-b/webmcp-polyfill');
    this.name = 'WebMcpUnavailableError';
  }
}

function defaultTarget(): WebMcpExposeTarget | undefined {
  const fromDocument = (globalThis.document as { modelContext?: WebMcpExposeTarget } | undefined)?.modelContext;
  return fromDocument ?? (globalThis.navigator as { modelContext?: WebMcpExposeTarget } | undefined)?.modelContext;
}

/**
 * The MCP annotations of a page tool, from its effect: `read_only` is `readOnlyHint: true`; `state_change` changes
 * the page only (`openWorldHint: false`); `external_side_effect` reaches beyond it (`openWorldHint: true`);
 * `metadata.idempotent` is `idempotentHint`; a tool of a remote MCP server passes its own destructive hint on
 * (tag `mcp:destructive`).
 */
export function webMcpAnnotationsOf(tool: RegisteredTool): McpToolHints {
  const effect = toolEffectOf(tool);
  const hints: McpToolHints = { readOnlyHint: effect === 'read_only' };
  if (effect !== 'read_only') hints.openWorldHint = effect === 'external_side_effect';
  if (tool.metadata?.idempotent === true) hints.idempotentHint = true;
  if (tool.metadata?.tags?.includes('mcp:destructive')) hints.destructiveHint = true;
  return hints;
}

/** The error JSON the agent and WebMCP callers get for a call that did not run or failed. */
function errorContent(errorCode: string, message: string): string {
  return JSON.stringify({ ok: false, errorCode, message });
}

/**
 * The runner `exposeToWebMcp()` uses without an element: the registry's policy (a denied tool is refused; one that
 * needs approval asks `approve`, or is refused `approval_required`), then `manager.execute()` (schema validation,
 * budgets, retries, statistics).
 */
export function registryRunner(
  registry: ToolRegistry,
  options: Pick<ExposeToWebMcpOptions, 'manager' | 'approve'> = {},
): WebMcpToolRunner {
  const manager = options.manager ?? new ToolExecutionManager(new ValidatingToolExecutor(), DEFAULT_RETRY_CONFIG, { registry });
  return async (toolName, args) => {
    const tool = registry.get(toolName);
    if (!tool) return { status: 'cancelled', content: errorContent('cancelled', 'Not run: the tool is no longer registered') };
    const denied = { status: 'failed', content: errorContent('policy_denied', `Not run: the page's tool policy does not allow "${toolName}"`) } as const;
    if (registry.isDenied(toolName)) return denied;
    const decision = decideToolCall(registry.policy, tool, args);
    if (decision === 'deny') return denied;
    if (decision === 'require_approval') {
      const approved = options.approve ? await options.approve({ toolName, args }) : false;
      if (!approved) {
        const message = options.approve ? 'The user denied this tool call' : 'Not run: this tool needs a person\'s approval, and this page has no way to ask';
        return { status: 'cancelled', content: errorContent(options.approve ? 'approval_denied' : 'approval_required', message) };
      }
    }
    const runnable = withToolBudgets(tool, budgetsFor(registry.policy, toolName));
    const result = await manager.execute(runnable, `webmcp-${crypto.randomUUID()}`, args);
    if (result.success) return { status: 'succeeded', content: result.result };
    const { error } = result;
    // The error codes the agent's tool messages use (see agent/tool-results.ts): the category, but for these two.
    const errorCode = error.category === 'uncertain' ? 'uncertain_outcome' : error.code === 'rate_limited' ? 'rate_limited' : error.category;
    return { status: error.category === 'cancelled' ? 'cancelled' : 'failed', content: errorContent(errorCode, error.message) };
  };
}

/** The WebMCP answer for an outcome: text content, `structuredContent` for a JSON object, `isError` unless it succeeded. */
function callToolResult(outcome: WebMcpExposedCallOutcome): WebMcpCallToolResult {
  const result: WebMcpCallToolResult = { content: [{ type: 'text', text: outcome.content }] };
  if (outcome.status !== 'succeeded') {
    result.isError = true;
    return result;
  }
  try {
    const parsed: unknown = JSON.parse(outcome.content);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) result.structuredContent = parsed as Record<string, unknown>;
  } catch {
    // plain text
  }
  return result;
}

/**
 * Offers the tools of `registry` to the browser's agent through WebMCP (`document.modelContext.registerTool()`): each
 * with its name, description, JSON Schema (the same `toAgUiTools()` sends the agent) and annotations derived from its
 * effect (`webMcpAnnotationsOf`). A call that arrives that way runs through `run` (default `registryRunner`): the
 * arguments are validated against the tool's schema, the policy decides, and a call that fails or is refused answers
 * the caller with `isError` and the error JSON, never a thrown error. The exposure follows the registry: tools
 * registered later are exposed, unregistered or denied ones are withdrawn, a changed one is registered again.
 *
 * @throws {WebMcpUnavailableError} when there is no model context (no native WebMCP, no polyfill)
 * @example
 * ```ts
 * import '@mcp-b/webmcp-polyfill'; // where the browser has no WebMCP
 * import { exposeToWebMcp } from 'ag-ui-lit/webmcp';
 * const exposure = exposeToWebMcp(registry, { approve: ({ toolName }) => confirm(`Run ${toolName}?`) });
 * // later
 * exposure.withdraw();
 * ```
 */
export function exposeToWebMcp(registry: ToolRegistry, options: ExposeToWebMcpOptions = {}): WebMcpExposure {
  const target = options.modelContext ?? defaultTarget();
  if (!target || typeof target.registerTool !== 'function') throw new WebMcpUnavailableError();
  const run = options.run ?? registryRunner(registry, options);
  const include = options.include ?? ((tool: RegisteredTool) => tool.metadata?.category !== 'webmcp');
  const onError = options.onError ?? ((error: WebMcpExposeError) => console.warn(`[ag-ui-lit] WebMCP: ${error.message}`));
  /** Exposed tools by name: what was registered (to see a change) and what withdraws it. */
  const exposed = new Map<string, { fingerprint: string; controller: AbortController }>();
  const listeners = new AbortController();
  let ready: Promise<void> = Promise.resolve();
  let withdrawn = false;

  const execute = async (name: string, input: unknown): Promise<WebMcpCallToolResult> => {
    const args = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
    try {
      return callToolResult(await run(name, args));
    } catch (error) {
      // Only a bug in a runner gets here: the caller still gets an answer.
      const message = error instanceof Error ? error.message : String(error);
      return callToolResult({ status: 'failed', content: errorContent('unknown', message) });
    }
  };

  const sync = (): void => {
    if (withdrawn) return;
    let descriptions: ReturnType<ToolRegistry['toAgUiTools']>;
    try {
      descriptions = registry.toAgUiTools();
    } catch {
      return; // a schema that cannot be converted: the registry reports it where the agent's tools are built
    }
    const wanted = new Map<string, WebMcpToolDescriptor>();
    for (const description of descriptions) {
      const tool = registry.get(description.name);
      if (!tool || !include(tool)) continue;
      const name = description.name;
      wanted.set(name, {
        name,
        description: description.description,
        inputSchema: description.parameters,
        annotations: webMcpAnnotationsOf(tool),
        execute: (input) => execute(name, input),
      });
    }
    for (const [name, entry] of exposed) {
      if (wanted.has(name)) continue;
      entry.controller.abort();
      exposed.delete(name);
    }
    const pending: Promise<void>[] = [];
    for (const [name, descriptor] of wanted) {
      const fingerprint = JSON.stringify([descriptor.description, descriptor.inputSchema, descriptor.annotations]);
      const current = exposed.get(name);
      if (current?.fingerprint === fingerprint) continue;
      current?.controller.abort();
      const controller = new AbortController();
      exposed.set(name, { fingerprint, controller });
      pending.push(
        (async () => {
          try {
            await target.registerTool(descriptor, { signal: controller.signal });
          } catch (error) {
            if (controller.signal.aborted) return;
            if (exposed.get(name)?.controller === controller) exposed.delete(name);
            onError({ code: 'webmcp_register_failed', toolName: name, message: `Could not expose "${name}": ${error instanceof Error ? error.message : String(error)}` });
          }
        })(),
      );
    }
    ready = Promise.all(pending).then(() => undefined);
  };

  registry.addEventListener('tool-registry-change', sync, { signal: listeners.signal });
  sync();
  return {
    get toolNames() {
      return [...exposed.keys()];
    },
    get ready() {
      return ready;
    },
    withdraw() {
      if (withdrawn) return;
      withdrawn = true;
      listeners.abort();
      for (const entry of exposed.values()) entry.controller.abort();
      exposed.clear();
    },
  };
}
