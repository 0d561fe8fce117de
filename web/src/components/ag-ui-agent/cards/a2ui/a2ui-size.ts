/**
 * How big an A2UI surface may be: `<ag-ui-agent>` refuses an activity whose surfaces would make more than
 * `A2UI_MAX_COMPONENTS` component nodes or nest them deeper than `A2UI_MAX_DEPTH` levels, before its messages are
 * processed or rendered. Processing and rendering a surface is synchronous work of `@a2ui/web_core` and `@a2ui/lit`
 * (one task: 10,000 components took ~3 s, a chain of 1,000 nested ones crashed the tab, a cycle never ends), so the
 * bound is checked on the messages themselves, in one pass over them. Free of the optional peers: the renderer passes
 * in how to find a component's children (`ChildFields`).
 * @module
 * @internal
 */
import type { RefFields } from '@a2ui/web_core/v0_9';

/**
 * Most component nodes the surfaces of one A2UI activity may render. Measured on the 2-core test machine, a surface
 * of this many is processed and rendered in ~25 ms, within one 50 ms task; ten times as many takes several of them.
 */
export const A2UI_MAX_COMPONENTS = 200;

/** Deepest nesting of components (the root is level 1) a surface may have; past it, and for a cycle, it is refused. */
export const A2UI_MAX_DEPTH = 32;

/** The child-referencing properties of a component type (`extractRefFields` of its schema), `undefined` when unknown. */
export type ChildFields = (componentType: string) => RefFields | undefined;

/** One surface as its messages leave it: its components by id, and the longest array anywhere in its data model. */
interface SurfaceShape {
  components: Map<string, Record<string, unknown>>;
  longestList: number;
}

/** A reference from a component to a child: its id, and how many nodes it makes (a list template: one per item). */
interface ChildRef {
  id: string;
  times: number;
}

/**
 * Why the A2UI messages of one activity are too large to show, or `undefined` when they fit. Counts, per surface,
 * the nodes the renderer would make from its `root`: a component referenced at two places counts twice (the renderer
 * makes a node per place), a list template (`{ componentId, path }`) counts once per item of the longest array in the
 * surface's data model (an upper bound of the list it binds to), a missing or unknown component once. The components
 * sent count too, shown or not (each is processed). O(messages + components + references + data model).
 * @returns a phrase for the notice ("it has more than 200 components"), or `undefined`
 */
export function a2uiSizeProblem(messages: readonly unknown[], childFields: ChildFields): string | undefined {
  const surfaces = surfacesOf(messages);
  let sent = 0;
  for (const surface of surfaces.values()) sent += surface.components.size;
  if (sent > A2UI_MAX_COMPONENTS) return tooMany();
  let nodes = 0;
  for (const surface of surfaces.values()) {
    const counted = countNodes(surface, childFields, A2UI_MAX_COMPONENTS - nodes);
    if (counted === 'too-deep') return `its components nest deeper than ${A2UI_MAX_DEPTH} levels (or refer to themselves)`;
    nodes += counted;
    if (nodes > A2UI_MAX_COMPONENTS) return tooMany();
  }
  return undefined;
}

function tooMany(): string {
  return `it has more than ${A2UI_MAX_COMPONENTS} components, the most this page shows in one interface`;
}

/** The surfaces the messages leave, by id (a later `updateComponents` replaces a component of the same id). */
function surfacesOf(messages: readonly unknown[]): Map<string, SurfaceShape> {
  const surfaces = new Map<string, SurfaceShape>();
  const surface = (id: unknown): SurfaceShape | undefined => {
    if (typeof id !== 'string') return undefined;
    let shape = surfaces.get(id);
    if (!shape) surfaces.set(id, (shape = { components: new Map(), longestList: 0 }));
    return shape;
  };
  for (const message of messages) {
    if (!isObject(message)) continue;
    const { createSurface, updateComponents, updateDataModel, deleteSurface } = message;
    if (isObject(createSurface)) surface(createSurface.surfaceId);
    if (isObject(updateComponents) && Array.isArray(updateComponents.components)) {
      const shape = surface(updateComponents.surfaceId);
      for (const component of updateComponents.components as unknown[]) {
        if (shape && isObject(component) && typeof component.id === 'string') shape.components.set(component.id, component);
      }
    }
    if (isObject(updateDataModel)) {
      const shape = surface(updateDataModel.surfaceId);
      if (shape) shape.longestList = Math.max(shape.longestList, longestArray(updateDataModel.value));
    }
    if (isObject(deleteSurface) && typeof deleteSurface.surfaceId === 'string') surfaces.delete(deleteSurface.surfaceId);
  }
  return surfaces;
}

/**
 * The nodes the renderer would make for `surface` from its root, up to just past `limit` (the count saturates there),
 * or `'too-deep'` past `A2UI_MAX_DEPTH` levels (a cycle included). Each component's subtree (its node count and
 * height) is worked out once, so shared children cost one visit however often, and however deep, they are shown.
 */
function countNodes(surface: SurfaceShape, childFields: ChildFields, limit: number): number | 'too-deep' {
  if (!surface.components.has('root')) return 0;
  const subtrees = new Map<string, { size: number; height: number }>();
  const visiting = new Set<string>();
  const cap = limit + 1;
  const measure = (id: string, depth: number): { size: number; height: number } | 'too-deep' => {
    const known = subtrees.get(id);
    if (known !== undefined) return depth + known.height - 1 > A2UI_MAX_DEPTH ? 'too-deep' : known;
    if (depth > A2UI_MAX_DEPTH || visiting.has(id)) return 'too-deep';
    const component = surface.components.get(id);
    const subtree = { size: 1, height: 1 };
    if (component) {
      visiting.add(id);
      for (const child of childrenOf(component, childFields, surface.longestList)) {
        const measured = measure(child.id, depth + 1);
        if (measured === 'too-deep') return measured;
        subtree.size = Math.min(cap, subtree.size + child.times * measured.size);
        subtree.height = Math.max(subtree.height, measured.height + 1);
      }
      visiting.delete(id);
    }
    subtrees.set(id, subtree);
    return subtree;
  };
  const root = measure('root', 1);
  return root === 'too-deep' ? root : root.size;
}

/** The children `component` refers to, per its type's child fields (none for a type the catalog does not have). */
function childrenOf(component: Record<string, unknown>, childFields: ChildFields, longestList: number): ChildRef[] {
  const type = component.component;
  const fields = typeof type === 'string' ? childFields(type) : undefined;
  if (!fields) return [];
  const children: ChildRef[] = [];
  for (const [name, ref] of fields) {
    const value = component[name];
    if (ref.kind === 'single') {
      if (typeof value === 'string') children.push({ id: value, times: 1 });
    } else if (ref.kind === 'list') {
      if (Array.isArray(value)) {
        for (const id of value) if (typeof id === 'string') children.push({ id, times: 1 });
      } else if (isObject(value) && typeof value.componentId === 'string') {
        children.push({ id: value.componentId, times: longestList });
      }
    } else if (Array.isArray(value)) {
      for (const item of value) {
        if (!isObject(item)) continue;
        for (const key of ref.keys) if (typeof item[key] === 'string') children.push({ id: item[key], times: 1 });
      }
    }
  }
  return children;
}

/** The length of the longest array in `value` (nested anywhere), by an iterative walk. */
function longestArray(value: unknown): number {
  let longest = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (Array.isArray(next)) {
      longest = Math.max(longest, next.length);
      for (const item of next) if (typeof item === 'object' && item !== null) stack.push(item);
    } else if (isObject(next)) {
      for (const item of Object.values(next)) if (typeof item === 'object' && item !== null) stack.push(item);
    }
  }
  return longest;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
