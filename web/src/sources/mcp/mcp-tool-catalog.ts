import type {
  JSONSchema,
  RegisteredTool,
  ToolDefinition,
  ToolEffect,
  ToolProgress,
  ToolRegistry,
  ToolRegistryChangeDetail,
} from '../../tools/index.js';
import { jsonSchemaArguments } from './mcp-json-schema.js';
import type { McpToolsChangedDetail } from './mcp-tool-source.events.js';
import { decideTrust, type McpToolHints, type McpTrust } from './mcp-trust.js';

/**
 * A tool as a source lists it: an MCP server's `tools/list` entry, or a WebMCP `RegisteredTool` (the fields both have).
 */
export interface SourceTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: JSONSchema;
  annotations?: McpToolHints;
}

/** What an `McpToolSource` knows of one server tool (`toolInfo()`, `withheldTools`). Holds no credential. */
export interface McpToolInfo {
  /** The registry id, `mcp__<server>__<tool>`. */
  id: string;
  /** The tool's name on the server. */
  toolName: string;
  /**
   * Its display name for people: `Tool.title`, else `annotations.title` (the MCP spec's order for display names);
   * becomes the registered tool's `metadata.title`, the heading of its card.
   */
  title?: string;
  description: string;
  /** The server's JSON Schema of the arguments. */
  inputSchema: JSONSchema;
  /** The server's annotations, as listed. */
  annotations: McpToolHints | undefined;
  /** The effect the trust rules gave it. */
  effect: ToolEffect;
  /** `registered`, or `withheld` (listed after the first listing, not accepted). */
  state: 'registered' | 'withheld';
  /** `true` once its description, schema or annotations changed after it was first registered. */
  changed: boolean;
}

/** Options of `new McpToolCatalog()`: what the source hands down. */
export interface McpToolCatalogOptions {
  /** The registry id of a listed tool name, not in `taken` (`undefined`: no valid id). */
  idFor: (toolName: string, taken: ReadonlySet<string>) => string | undefined;
  /** `metadata.category` of every tool, e.g. `mcp:github`. */
  category: string;
  /** The first tag of every tool: `mcp` or `webmcp`. */
  sourceTag: string;
  registry: ToolRegistry;
  trust: McpTrust;
  acceptNewTools: boolean;
  timeoutMs?: number;
  /**
   * Sends one call to the tool's owner (the handler of every tool); `reportProgress` is the call's
   * `ToolExecutionContext.reportProgress`, for an owner that hears how far the call has come.
   */
  call: (
    toolName: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    reportProgress: (progress: ToolProgress) => void,
  ) => Promise<unknown>;
  /**
   * Withheld tools were registered because the registry's policy came to name them (`allowedTools` or `tools[id]`
   * after `setPolicy()`): their ids. The source reports them (`mcp-tools-changed` / `webmcp-tools-changed`).
   */
  onReleased?: (ids: string[]) => void;
}

interface Entry {
  info: McpToolInfo;
  /** Description, schema and annotations as JSON: what "changed" compares. */
  fingerprint: string;
}

const TAG_CHANGED = 'mcp:changed';

function fingerprintOf(tool: SourceTool): string {
  return JSON.stringify([tool.description ?? '', tool.inputSchema, tool.annotations ?? null]);
}

/**
 * The server tools of one `McpToolSource` and their registrations: turns each listing into register / unregister /
 * re-register calls on the registry (the Cogni rule for tools that appear after the first listing), and builds each
 * tool's definition under the trust rules.
 */
export class McpToolCatalog {
  readonly #options: McpToolCatalogOptions;
  /** By the server's tool name. */
  readonly #entries = new Map<string, Entry>();
  /** Set after the first listing of this source's life (a reconnection does not reset it). */
  #listed = false;
  /** Listening to the registry's policy changes: only while a tool is withheld. */
  #watching = false;
  readonly #onRegistryChange: (event: CustomEvent<ToolRegistryChangeDetail>) => void;

  constructor(options: McpToolCatalogOptions) {
    this.#options = options;
    this.#onRegistryChange = (event) => {
      if (event.detail.action !== 'policy-changed') return;
      const released = this.releaseNamed();
      if (released.length > 0) this.#options.onReleased?.(released);
    };
  }

  registeredIds(): string[] {
    return [...this.#entries.values()].filter((entry) => entry.info.state === 'registered').map((entry) => entry.info.id);
  }

  withheld(): McpToolInfo[] {
    return [...this.#entries.values()].filter((entry) => entry.info.state === 'withheld').map((entry) => ({ ...entry.info }));
  }

  info(idOrName: string): McpToolInfo | undefined {
    const entry = this.#find(idOrName);
    return entry && { ...entry.info };
  }

  /** Registers a withheld tool; returns its id, or `undefined` when no such tool is withheld. */
  accept(idOrName: string): string | undefined {
    const entry = this.#find(idOrName);
    if (!entry || entry.info.state !== 'withheld') return undefined;
    this.#register(entry.info, false);
    entry.info.state = 'registered';
    this.#watchPolicy();
    return entry.info.id;
  }

  /**
   * Registers the withheld tools the registry's policy names now (run on every policy change while a tool is
   * withheld). A tool the registry refuses stays withheld.
   * @returns the ids registered
   */
  releaseNamed(): string[] {
    const released: string[] = [];
    for (const entry of this.#entries.values()) {
      if (entry.info.state !== 'withheld' || !this.#named(entry.info.id)) continue;
      try {
        this.#register(entry.info, entry.info.changed);
      } catch {
        continue;
      }
      entry.info.state = 'registered';
      released.push(entry.info.id);
    }
    this.#watchPolicy();
    return released;
  }

  /** Unregisters every tool and forgets them all (the next listing counts as a first one again). */
  clear(): void {
    for (const entry of this.#entries.values()) {
      if (entry.info.state === 'registered') this.#options.registry.unregister(entry.info.id);
    }
    this.#entries.clear();
    this.#listed = false;
    this.#watchPolicy();
  }

  /** Applies one listing of the server's tools to the registry and says what it did. */
  apply(tools: readonly SourceTool[]): Omit<McpToolsChangedDetail, 'server'> {
    const detail: Omit<McpToolsChangedDetail, 'server'> = { registered: [], unregistered: [], changed: [], withheld: [], skipped: [] };
    const listed = new Set(tools.map((tool) => tool.name));
    for (const [name, entry] of this.#entries) {
      if (listed.has(name)) continue;
      this.#entries.delete(name);
      if (entry.info.state === 'registered' && this.#options.registry.unregister(entry.info.id)) detail.unregistered.push(entry.info.id);
    }
    for (const tool of tools) {
      try {
        this.#applyOne(tool, detail);
      } catch (error) {
        detail.skipped.push({ toolName: tool.name, message: error instanceof Error ? error.message : String(error) });
      }
    }
    this.#listed = true;
    this.#watchPolicy();
    return detail;
  }

  #applyOne(tool: SourceTool, detail: Omit<McpToolsChangedDetail, 'server'>): void {
    const fingerprint = fingerprintOf(tool);
    const entry = this.#entries.get(tool.name);
    if (entry?.fingerprint === fingerprint) return;
    const taken = new Set([...this.#entries.values()].map((other) => other.info.id));
    const id = entry?.info.id ?? this.#options.idFor(tool.name, taken);
    if (id === undefined) throw new Error(`No valid tool id for "${tool.name}"`);
    const info = this.#infoOf(id, tool);
    if (entry) {
      info.state = entry.info.state;
      info.changed = true;
      if (info.state === 'registered') {
        this.#options.registry.unregister(id);
        Object.assign(entry, { info, fingerprint });
        try {
          this.#register(info, true);
        } catch (error) {
          // Not registered any more: the page may accept it again once it can be (see `accept`).
          info.state = 'withheld';
          throw error;
        }
        detail.changed.push(id);
      } else {
        Object.assign(entry, { info, fingerprint });
      }
      return;
    }
    if (this.#listed && !this.#options.acceptNewTools && !this.#named(id)) {
      info.state = 'withheld';
      this.#entries.set(tool.name, { info, fingerprint });
      detail.withheld.push(id);
      return;
    }
    this.#register(info, false);
    this.#entries.set(tool.name, { info, fingerprint });
    detail.registered.push(id);
  }

  #infoOf(id: string, tool: SourceTool): McpToolInfo {
    const annotations = tool.annotations;
    return {
      id,
      toolName: tool.name,
      ...(displayTitle(tool) !== undefined && { title: displayTitle(tool) }),
      description: tool.description || tool.title || tool.name,
      // A tool without a schema takes no arguments (WebMCP); MCP requires one.
      inputSchema: tool.inputSchema ?? { type: 'object', properties: {} },
      annotations,
      effect: decideTrust(annotations, this.#options.trust).effect,
      state: 'registered',
      changed: false,
    };
  }

  #register(info: McpToolInfo, changed: boolean): RegisteredTool {
    const decision = decideTrust(info.annotations, this.#options.trust);
    const { category, sourceTag, call, timeoutMs } = this.#options;
    const definition: ToolDefinition<Record<string, unknown>> = {
      name: info.id,
      description: info.description,
      schema: jsonSchemaArguments(info.inputSchema),
      effect: decision.effect,
      handler: (args, context) => call(info.toolName, args, context.signal, (progress) => context.reportProgress(progress)),
      metadata: {
        category,
        ...(info.title !== undefined && { title: info.title }),
        tags: [sourceTag, ...decision.tags, ...(changed ? [TAG_CHANGED] : [])],
        ...(decision.idempotent && { idempotent: true }),
        ...(timeoutMs !== undefined && { timeoutMs }),
      },
    };
    if (decision.requiresApproval) definition.requiresApproval = true;
    return this.#options.registry.register(definition);
  }

  /** Whether the registry's policy names the id (`allowedTools` or `tools[id]`): the page knows of the tool. */
  #named(id: string): boolean {
    const policy = this.#options.registry.policy;
    return policy.allowedTools?.includes(id) === true || policy.tools?.[id] !== undefined;
  }

  /** Listens to the registry's policy changes while a tool is withheld, and not otherwise (no listener kept alive). */
  #watchPolicy(): void {
    const wanted = [...this.#entries.values()].some((entry) => entry.info.state === 'withheld');
    if (wanted === this.#watching) return;
    this.#watching = wanted;
    const registry = this.#options.registry;
    if (wanted) registry.addEventListener('tool-registry-change', this.#onRegistryChange);
    else registry.removeEventListener('tool-registry-change', this.#onRegistryChange);
  }

  #find(idOrName: string): Entry | undefined {
    return this.#entries.get(idOrName) ?? [...this.#entries.values()].find((entry) => entry.info.id === idOrName);
  }
}

/** `Tool.title`, else `annotations.title`, when it is a non-blank string. */
function displayTitle(tool: SourceTool): string | undefined {
  for (const title of [tool.title, tool.annotations?.title]) if (typeof title === 'string' && title.trim() !== '') return title;
  return undefined;
}
