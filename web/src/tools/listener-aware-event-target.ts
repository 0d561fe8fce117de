import { TypedEventTarget } from './typed-event-target.js';

type AnyListener = EventListenerOrEventListenerObject;

const BUBBLE = 1;
const CAPTURE = 2;

/**
 * A `TypedEventTarget` that knows whether anyone listens for an event type, so a hot path can skip building
 * event details (snapshots) that nobody would read.
 *
 * The bookkeeping errs on the side of "someone listens": a listener added with `{ once: true }` counts until
 * it is removed with `removeEventListener` (the platform removes it silently after it fires), which costs a
 * wasted snapshot at worst, never a missed event. Listeners removed through an `AbortSignal` (`{ signal }`) are
 * forgotten when the signal aborts.
 *
 * Not part of the public API (not exported from the barrel); `AgentRunLoop` extends it.
 */
export class ListenerAwareEventTarget<M extends object> extends TypedEventTarget<M> {
  /** type -> listener -> BUBBLE|CAPTURE mask (the platform keys listeners by listener and capture flag). */
  #listeners = new Map<string, Map<AnyListener, number>>();

  override addEventListener<K extends keyof M & string>(
    type: K,
    listener: ((this: TypedEventTarget<M>, event: M[K]) => void) | { handleEvent(event: M[K]): void } | null,
    options?: boolean | AddEventListenerOptions,
  ): void;
  override addEventListener(type: string, listener: AnyListener | null, options?: boolean | AddEventListenerOptions): void;
  override addEventListener(type: string, listener: AnyListener | null, options?: boolean | AddEventListenerOptions): void {
    super.addEventListener(type, listener, options);
    if (!listener) return;
    const capture = typeof options === 'boolean' ? options : Boolean(options?.capture);
    const signal = typeof options === 'object' ? options.signal : undefined;
    // The platform ignores an add whose signal is already aborted.
    if (signal?.aborted) return;
    let byListener = this.#listeners.get(type);
    if (!byListener) this.#listeners.set(type, (byListener = new Map()));
    byListener.set(listener, (byListener.get(listener) ?? 0) | (capture ? CAPTURE : BUBBLE));
    signal?.addEventListener('abort', () => this.#forget(type, listener, capture), { once: true });
  }

  override removeEventListener<K extends keyof M & string>(
    type: K,
    listener: ((this: TypedEventTarget<M>, event: M[K]) => void) | { handleEvent(event: M[K]): void } | null,
    options?: boolean | EventListenerOptions,
  ): void;
  override removeEventListener(type: string, listener: AnyListener | null, options?: boolean | EventListenerOptions): void;
  override removeEventListener(type: string, listener: AnyListener | null, options?: boolean | EventListenerOptions): void {
    super.removeEventListener(type, listener, options);
    if (!listener) return;
    this.#forget(type, listener, typeof options === 'boolean' ? options : Boolean(options?.capture));
  }

  /** Whether a listener for `type` may be registered (never `false` while one is). */
  protected hasListeners(type: keyof M & string): boolean {
    return this.#listeners.size !== 0 && this.#listeners.has(type);
  }

  #forget(type: string, listener: AnyListener, capture: boolean): void {
    const byListener = this.#listeners.get(type);
    const mask = byListener?.get(listener);
    if (byListener === undefined || mask === undefined) return;
    const rest = mask & ~(capture ? CAPTURE : BUBBLE);
    if (rest !== 0) byListener.set(listener, rest);
    else {
      byListener.delete(listener);
      if (byListener.size === 0) this.#listeners.delete(type);
    }
  }
}
