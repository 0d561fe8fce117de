/**
 * The tools an element registers on behalf of its page (its `tools` property): registered while it is connected,
 * unregistered when it disconnects or the list or registry changes, reported (never thrown) when they cannot be
 * registered.
 * @module
 * @internal
 */
import type { ToolDefinition, ToolRegistry } from '../../../tools/index.js';
import type { ToolRegistrationErrorDetail } from '../ag-ui-agent.events.js';

/**
 * Registers `definition` in `registry`; never throws. A failure (invalid definition, duplicate name) is logged with
 * `console.warn` and handed to `onError`.
 * @returns whether it was registered
 */
export function registerReporting(
  registry: ToolRegistry,
  definition: ToolDefinition,
  source: ToolRegistrationErrorDetail['source'],
  onError: (detail: ToolRegistrationErrorDetail) => void,
): boolean {
  try {
    registry.register(definition);
    return true;
  } catch (error) {
    const name: unknown = (definition as { name?: unknown } | null)?.name;
    const toolName = typeof name === 'string' ? name : undefined;
    console.warn(`<ag-ui-agent>: could not register tool ${toolName ? `"${toolName}"` : '(unnamed)'}:`, error);
    onError({ toolName, error, source });
    return false;
  }
}

/** The registrations one element made from its `tools`, kept in step with what it wants registered. */
export class OwnedTools {
  readonly #owned = new Map<string, { registry: ToolRegistry; definition: ToolDefinition }>();
  readonly #onError: (detail: ToolRegistrationErrorDetail) => void;

  /** @param onError - told of each definition that could not be registered */
  constructor(onError: (detail: ToolRegistrationErrorDetail) => void) {
    this.#onError = onError;
  }

  /**
   * Makes `registry` hold exactly the `wanted` definitions this owner registered: unregisters dropped ones (and all of
   * them from a registry no longer used), registers new ones. Definitions are compared by identity.
   */
  sync(wanted: readonly ToolDefinition[], registry: ToolRegistry): void {
    const wantedSet = new Set<unknown>(wanted);
    for (const [name, owned] of this.#owned) {
      if (owned.registry === registry && wantedSet.has(owned.definition)) continue;
      // Unregister only what is still ours (the page may have replaced it meanwhile).
      if (owned.registry.get(name)?.handler === owned.definition.handler) owned.registry.unregister(name);
      this.#owned.delete(name);
    }
    const ownedDefinitions = new Set<unknown>([...this.#owned.values()].map((owned) => owned.definition));
    for (const definition of wanted) {
      if (ownedDefinitions.has(definition)) continue;
      if (registerReporting(registry, definition, 'tools-property', this.#onError)) {
        this.#owned.set(definition.name, { registry, definition });
      }
    }
  }

  /** Forgets a registration made by this owner (after the page unregistered it by name). */
  forget(name: string): void {
    this.#owned.delete(name);
  }
}
