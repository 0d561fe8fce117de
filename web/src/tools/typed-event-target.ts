/**
 * An `EventTarget` whose `addEventListener`/`removeEventListener`/`dispatchEvent` are typed by an event map,
 * at zero runtime cost: the class is the platform's `EventTarget`; the same-name interface only retypes it
 * (the pattern of DerZade/typescript-event-target). Instances stay real `EventTarget`s, so
 * `oneEvent(target, 'name')` from `@open-wc/testing` and `AbortSignal`-based removal work as usual.
 *
 * @example
 * ```ts
 * interface CounterEvents { 'count-changed': CustomEvent<{ count: number }> }
 * class Counter extends TypedEventTarget<CounterEvents> {}
 * new Counter().addEventListener('count-changed', (e) => e.detail.count); // e is CustomEvent<{ count: number }>
 * ```
 */
export interface TypedEventTarget<M extends object> {
  addEventListener<K extends keyof M & string>(
    type: K,
    listener: ((this: TypedEventTarget<M>, event: M[K]) => void) | { handleEvent(event: M[K]): void } | null,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof M & string>(
    type: K,
    listener: ((this: TypedEventTarget<M>, event: M[K]) => void) | { handleEvent(event: M[K]): void } | null,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ): void;
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- M is used by the merged interface above
export class TypedEventTarget<M extends object> extends EventTarget {}
