/**
 * The one way the elements fire their DOM events: a `CustomEvent` that bubbles and is composed (a listener on
 * `document` hears it from inside any shadow root), cancelable only where the event is a request a page may veto.
 * @module
 * @internal
 */

/** Options of `emit()`. */
export interface EmitOptions {
  /** A veto-able request (`ag-ui-message-send`): `preventDefault()` makes `emit()` return `false`. Default `false`. */
  cancelable?: boolean;
}

/** The `detail` type of an event of an event map (`CustomEvent<Detail>` -> `Detail`). */
export type EventDetail<E> = E extends CustomEvent<infer Detail> ? Detail : never;

/**
 * `emit()` typed against one element's event map: only the map's names, each with its own detail type.
 * @example
 * ```ts
 * const emitAgentEvent: Emit<AgUiAgentEventMap> = emit;
 * emitAgentEvent(this, 'ag-ui-thread-changed', { threadId, restored: false });
 * ```
 */
export type Emit<EventMap> = <K extends keyof EventMap & string>(
  target: EventTarget,
  type: K,
  detail: EventDetail<EventMap[K]>,
  options?: EmitOptions,
) => boolean;

/**
 * Dispatches `new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable })` on `target`. The event is
 * held in a variable before it is dispatched: the custom elements manifest analyzer misreads an inline `new` inside
 * `dispatchEvent(...)` (the element's `@fires` tags document its events).
 * @returns `false` when the event was cancelable and a listener called `preventDefault()`, else `true`
 */
export function emit(target: EventTarget, type: string, detail: unknown, options: EmitOptions = {}): boolean {
  const event = new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false });
  return target.dispatchEvent(event);
}
