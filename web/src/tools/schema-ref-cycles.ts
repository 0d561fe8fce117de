/**
 * Finds the `$ref` cycles of a JSON Schema that validation can never leave: a chain of subschemas applied to the
 * same value (`$ref`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`) that comes back to
 * where it started. Validating anything with such a schema recurses until the stack overflows. Recursion through
 * `properties`, `items` and the other keywords that descend into the value is not such a cycle: each step consumes a
 * level of the (finite) arguments, as in a tree whose children `$ref` the root.
 * @module
 * @internal
 */
import type { JSONSchema } from './types.js';

/** The base URI of a schema without `$id` (any absolute URI serves: only references within the schema resolve). */
const DEFAULT_BASE = 'https://schema.ag-ui-lit.invalid/input.json';

/** Keywords whose value is data, not subschemas: never walked for `$id` or anchors. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(['const', 'enum', 'default', 'examples']);
/** Keywords holding one subschema applied to the same value. */
const SAME_VALUE_ONE = ['not', 'if', 'then', 'else'] as const;
/** Keywords holding a list of subschemas applied to the same value. */
const SAME_VALUE_LIST = ['allOf', 'anyOf', 'oneOf'] as const;
/** Keywords holding a map of subschemas applied to the same value (draft 4/7 `dependencies`: those that are schemas). */
const SAME_VALUE_MAP = ['dependentSchemas', 'dependencies'] as const;
/** Keywords that point elsewhere in the schema; each is applied to the same value. */
const REFERENCES = ['$ref', '$recursiveRef', '$dynamicRef'] as const;
/** Keywords holding subschemas applied to parts of the value (a schema, a list or a map of them). */
const INNER_VALUES = [
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
] as const;

type Node = Record<string, unknown>;

interface Indexed {
  /** Where the node is in the document, as a JSON Pointer fragment (`#/$defs/a`). */
  location: string;
  /** The base URI its references resolve against (the nearest `$id`). */
  base: string;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `reference` resolved against `base`, or `undefined` when it is not a URI reference that resolves. */
function resolve(reference: string, base: string): URL | undefined {
  try {
    return new URL(reference, base);
  } catch {
    return undefined;
  }
}

/** `url` without its fragment. */
function withoutFragment(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/** The schema's subschemas by identity, with where they are and their base; its resources (`$id`) and anchors. */
class SchemaIndex {
  readonly nodes = new Map<Node, Indexed>();
  readonly #resources = new Map<string, Node>();
  readonly #anchors = new Map<string, Node>();

  constructor(root: Node) {
    const stack: Array<{ value: unknown; location: string; base: string }> = [{ value: root, location: '#', base: DEFAULT_BASE }];
    while (stack.length > 0) {
      const { value, location, base: parentBase } = stack.pop()!;
      if (Array.isArray(value)) {
        value.forEach((item, index) => stack.push({ value: item, location: `${location}/${index}`, base: parentBase }));
        continue;
      }
      if (!isNode(value) || this.nodes.has(value)) continue;
      let base = parentBase;
      const id = typeof value.$id === 'string' ? value.$id : typeof value.id === 'string' ? value.id : undefined;
      const url = id === undefined ? undefined : resolve(id, parentBase);
      if (url && url.hash.length > 1) this.#anchors.set(url.href, value); // draft 7's `$id: "#name"`
      else if (url) base = withoutFragment(url);
      if (location === '#' || base !== parentBase) this.#resources.set(base, value);
      for (const keyword of ['$anchor', '$dynamicAnchor']) {
        const anchor = value[keyword];
        if (typeof anchor === 'string') this.#anchors.set(`${base}#${anchor}`, value);
      }
      this.nodes.set(value, { location, base });
      for (const [key, child] of Object.entries(value)) {
        if (!DATA_KEYWORDS.has(key)) stack.push({ value: child, location: `${location}/${escapePointer(key)}`, base });
      }
    }
  }

  /** The subschema `reference` names from a node whose base is `base`, when it is in this schema. */
  resolve(reference: string, base: string): Node | undefined {
    const url = resolve(reference, base);
    if (!url) return undefined;
    const fragment = decodeURIComponent(url.hash.slice(1));
    const resource = this.#resources.get(withoutFragment(url));
    if (fragment === '') return resource;
    if (!fragment.startsWith('/')) return this.#anchors.get(`${withoutFragment(url)}#${fragment}`);
    let value: unknown = resource;
    for (const part of fragment.slice(1).split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
      value = Array.isArray(value) ? value[Number(key)] : isNode(value) ? value[key] : undefined;
    }
    return isNode(value) ? value : undefined;
  }
}

/** The subschemas `node` applies to the value it validates (not to parts of it). */
function sameValueSubschemas(node: Node, index: SchemaIndex, base: string): Node[] {
  const next: Node[] = [];
  for (const keyword of REFERENCES) {
    const reference = node[keyword];
    const target = typeof reference === 'string' ? index.resolve(reference, base) : undefined;
    if (target) next.push(target);
  }
  for (const keyword of SAME_VALUE_ONE) if (isNode(node[keyword])) next.push(node[keyword]);
  for (const keyword of SAME_VALUE_LIST) {
    const list = node[keyword];
    if (Array.isArray(list)) next.push(...list.filter(isNode));
  }
  for (const keyword of SAME_VALUE_MAP) {
    const map = node[keyword];
    if (isNode(map)) next.push(...Object.values(map).filter(isNode));
  }
  return next;
}

/** The subschemas `node` applies to parts of the value it validates (its properties, items, ...). */
function innerValueSubschemas(node: Node): Node[] {
  const next: Node[] = [];
  for (const keyword of INNER_VALUES) {
    const value = node[keyword];
    if (Array.isArray(value)) next.push(...value.filter(isNode));
    else if (isNode(value)) {
      // `properties` and `patternProperties` are maps of schemas; the others are one schema.
      if (keyword === 'properties' || keyword === 'patternProperties') next.push(...Object.values(value).filter(isNode));
      else next.push(value);
    }
  }
  return next;
}

/** The subschemas that validation with `root` may apply to some value, `root` first. */
function reachable(root: Node, index: SchemaIndex): Node[] {
  const seen = new Set<Node>([root]);
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const base = index.nodes.get(node)?.base ?? DEFAULT_BASE;
    for (const next of [...sameValueSubschemas(node, index, base), ...innerValueSubschemas(node)]) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return [...seen];
}

/**
 * The first cycle of subschemas that validate the same value over and over (see the module docs) in `schema`, as
 * their locations in it (`['#/$defs/a']` for `{ $ref: '#/$defs/a', $defs: { a: { $ref: '#/$defs/a' } } }`), or
 * `undefined` when validation with it always ends. A reference that does not resolve within the schema is left to
 * the validator. Never throws, whatever the depth of `schema`.
 */
export function refCycleOf(schema: JSONSchema | boolean): string[] | undefined {
  if (!isNode(schema)) return undefined;
  const index = new SchemaIndex(schema);
  const done = new Set<Node>();
  for (const start of reachable(schema, index)) {
    if (done.has(start)) continue;
    const cycle = cycleFrom(start, index, done);
    if (cycle) return cycle;
  }
  return undefined;
}

/** Depth-first along same-value subschemas from `start`, skipping (and adding to) `done`: the first cycle met. */
function cycleFrom(start: Node, index: SchemaIndex, done: Set<Node>): string[] | undefined {
  const onPath = new Map<Node, number>();
  const path: Node[] = [];
  const stack: Array<{ node: Node; next: Node[] | undefined }> = [{ node: start, next: undefined }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next === undefined) {
      top.next = sameValueSubschemas(top.node, index, index.nodes.get(top.node)?.base ?? DEFAULT_BASE);
      onPath.set(top.node, path.length);
      path.push(top.node);
    }
    const child = top.next.pop();
    if (child === undefined) {
      stack.pop();
      path.pop();
      onPath.delete(top.node);
      done.add(top.node);
      continue;
    }
    const at = onPath.get(child);
    if (at !== undefined) return path.slice(at).map((node) => index.nodes.get(node)?.location ?? '#');
    if (!done.has(child)) stack.push({ node: child, next: undefined });
  }
  return undefined;
}
