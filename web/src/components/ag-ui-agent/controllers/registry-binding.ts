/**
 * Where `<ag-ui-agent>`'s tools go: its `registry` (or its own default when the page cleared it), the `policy` it
 * gives that registry (withdrawn from a registry it leaves), and the `tools` it registers there while connected.
 * @module
 * @internal
 */
import { globalToolRegistry, ToolRegistry, type ToolDefinition, type ToolPolicy } from '../../../tools/index.js';
import type { ToolRegistrationErrorDetail } from '../ag-ui-agent.events.js';
import { OwnedTools, registerReporting } from './owned-tools.js';

/** What the binding needs from the element. */
export interface RegistryBindingOptions {
  /** The element's `registry` property, as the page set it. */
  registry(): ToolRegistry | null | undefined;
  /** A definition could not be registered (never thrown). */
  onError(detail: ToolRegistrationErrorDetail): void;
}

/** Keeps an element's registry, policy and own tools in step with its properties. */
export class RegistryBinding {
  readonly #options: RegistryBindingOptions;
  readonly #ownedTools: OwnedTools;
  #ownRegistry: ToolRegistry | undefined;
  #policy: ToolPolicy | undefined;
  /** The policy this element gave to a registry (the registry's frozen copy), to withdraw it on a change of registry. */
  #appliedPolicy: { registry: ToolRegistry; policy: Readonly<ToolPolicy> } | undefined;

  constructor(options: RegistryBindingOptions) {
    this.#options = options;
    this.#ownedTools = new OwnedTools((detail) => options.onError(detail));
  }

  /** `registry`, or this element's own default when the page cleared it (`null`/`undefined`). */
  get registry(): ToolRegistry {
    return this.#options.registry() ?? (this.#ownRegistry ??= new ToolRegistry({ parent: globalToolRegistry }));
  }

  /** The element's `policy`; setting it applies it at once. */
  get policy(): ToolPolicy | undefined {
    return this.#policy;
  }

  set policy(value: ToolPolicy | undefined) {
    this.#policy = value ?? undefined;
    this.applyPolicy();
  }

  /**
   * Gives `policy` to `registry`. A policy this element gave to another registry before, and that is still in force
   * there, is withdrawn from it (so binding `policy` before `registry` leaves the first registry as it was).
   */
  applyPolicy(): void {
    const registry = this.registry;
    const applied = this.#appliedPolicy;
    if (applied && (applied.registry !== registry || this.#policy === undefined)) {
      if (applied.registry.policy === applied.policy) applied.registry.setPolicy(undefined);
      this.#appliedPolicy = undefined;
    }
    if (this.#policy === undefined) return;
    try {
      registry.setPolicy(this.#policy);
      this.#appliedPolicy = { registry, policy: registry.policy };
    } catch (error) {
      console.warn('<ag-ui-agent>: ignoring the "policy" property:', error);
    }
  }

  /** Registers the `wanted` tools not yet registered, unregisters the ones dropped (all of them: `[]`). */
  syncTools(wanted: unknown): void {
    this.#ownedTools.sync(Array.isArray(wanted) ? (wanted as ToolDefinition[]) : [], this.registry);
  }

  /** `registerTool()`: never throws; reports a definition that cannot be registered. */
  register(definition: ToolDefinition): boolean {
    return registerReporting(this.registry, definition, 'register-tool-method', (detail) => this.#options.onError(detail));
  }

  /** `unregisterTool()`: from `registry`, whoever registered it. */
  unregister(name: string): boolean {
    this.#ownedTools.forget(name);
    return this.registry.unregister(name);
  }
}
