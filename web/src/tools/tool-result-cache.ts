import { ownerOf } from './tool-owner.js';
/**
 * Results of `read_only` tools that opt in to caching (`metadata.cache`), per registry.
 * @module
 * @internal
 */

/** One cached result and when it expires (ms since the epoch). */
interface Entry {
  result: string;
  expiresAt: number;
}

/**
 * JSON text of `value` with object keys sorted at every depth, so that equal arguments give equal text whatever their
 * key order; `undefined` for a value JSON cannot hold exactly (a function, a BigInt, a cycle, a class instance).
 * @internal
 */
export function canonicalJson(value: unknown): string | undefined {
  const seen = new Set<object>();
  const walk = (node: unknown): unknown => {
    if (node === null || typeof node === 'string' || typeof node === 'boolean') return node;
    if (typeof node === 'number' && Number.isFinite(node)) return node;
    if (typeof node !== 'object') throw new TypeError('not JSON');
    if (seen.has(node)) throw new TypeError('cycle');
    seen.add(node);
    let copy: unknown;
    if (Array.isArray(node)) copy = node.map(walk);
    else if (Object.getPrototypeOf(node) === Object.prototype || Object.getPrototypeOf(node) === null) {
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(node).sort()) {
        const child = (node as Record<string, unknown>)[key];
        if (child !== undefined) sorted[key] = walk(child);
      }
      copy = sorted;
    } else throw new TypeError('not plain data');
    seen.delete(node);
    return copy;
  };
  try {
    return JSON.stringify(walk(value));
  } catch {
    return undefined;
  }
}

/** Results kept per tool; the oldest is dropped to make room. */
const MAX_ENTRIES_PER_TOOL = 100;

/**
 * Cached results by tool name, then by the canonical JSON of the arguments (at most 100 per tool, oldest dropped
 * first). Expired entries are dropped when read.
 * @internal
 */
export class ToolResultCache {
  #byTool = new Map<string, Map<string, Entry>>();

  /** The result cached for `toolName` and `key` that has not expired at `now`, or `undefined`. */
  get(toolName: string, key: string, now: number): string | undefined {
    const entries = this.#byTool.get(toolName);
    const entry = entries?.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now) return entry.result;
    entries!.delete(key);
    return undefined;
  }

  set(toolName: string, key: string, result: string, expiresAt: number): void {
    let entries = this.#byTool.get(toolName);
    if (entries === undefined) this.#byTool.set(toolName, (entries = new Map()));
    entries.delete(key);
    if (entries.size >= MAX_ENTRIES_PER_TOOL) entries.delete(entries.keys().next().value!);
    entries.set(key, { result, expiresAt });
  }

  /** Forgets the results of one tool, or of every tool. */
  clear(toolName?: string): void {
    if (toolName === undefined) this.#byTool.clear();
    else this.#byTool.delete(toolName);
  }
}

const caches = new WeakMap<object, ToolResultCache>();

/**
 * The result cache of `registry` (created on first use).
 * @internal
 */
export function resultCacheOf(registry: object): ToolResultCache {
  let cache = caches.get(registry);
  if (cache === undefined) caches.set(registry, (cache = new ToolResultCache()));
  return cache;
}

/**
 * Looks up a cached result for a call of `tool` with `args` at `now` (ms since the epoch), for a tool with
 * `metadata.cache.ttlMs` > 0 that a registry registered. The key is the canonical JSON of the arguments as given.
 * @returns `undefined` when the tool is not cached (no positive `ttlMs`, never registered, arguments not JSON);
 *   `{ result }` for a hit; `{ slot }` for a miss: where to store the result once the call succeeds
 * @internal
 */
export function lookUpResult(
  tool: { readonly name: string; readonly metadata?: { readonly cache?: { readonly ttlMs?: number } } },
  args: unknown,
  now: number,
): { result: string; slot?: undefined } | { result?: undefined; slot: { cache: ToolResultCache; key: string; ttlMs: number } } | undefined {
  const ttlMs = tool.metadata?.cache?.ttlMs;
  if (typeof ttlMs !== 'number' || !(ttlMs > 0)) return undefined;
  const owner = ownerOf(tool);
  const key = owner && canonicalJson(args);
  if (owner === undefined || key === undefined) return undefined;
  const cache = resultCacheOf(owner);
  const result = cache.get(tool.name, key, now);
  return result === undefined ? { slot: { cache, key, ttlMs } } : { result };
}
