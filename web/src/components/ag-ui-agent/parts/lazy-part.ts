/**
 * Parts of `<ag-ui-agent>` loaded with a dynamic `import()` on first use (`LazyModule`), and what an element does
 * while one loads or when it cannot be loaded (`LazyParts`).
 * @module
 * @internal
 */
import { supportsAdoptingStyleSheets, type CSSResult, type ReactiveControllerHost } from 'lit';

/** Where a lazy part stands for an element: loading (a placeholder shows), ready, or failed (a contained error shows). */
export type LazyPartStatus = 'loading' | 'ready' | 'failed';

/** What a lazily loaded module may export: `styles`, which its templates need in the element's shadow root. */
export interface LazyPartModule {
  readonly styles?: readonly CSSResult[];
}

/**
 * A module loaded on first use, once per page (later calls share the first load). Its loads never reject: when the
 * chunk cannot be loaded (offline, a deploy that removed it, a CSP), `load()` resolves `undefined` and `error` holds
 * why; a later `load()` tries again.
 */
export class LazyModule<M> {
  /** A name for messages and events, e.g. `'interrupts'`. */
  readonly name: string;
  readonly #import: () => Promise<M>;
  #module: M | undefined;
  #loading: Promise<M | undefined> | undefined;
  #error: unknown;

  constructor(name: string, load: () => Promise<M>) {
    this.name = name;
    this.#import = load;
  }

  /** The module once loaded, else `undefined`. */
  get module(): M | undefined {
    return this.#module;
  }

  /** Why the last load failed (`undefined` after a success, or before any load). */
  get error(): unknown {
    return this.#error;
  }

  /** Loads the module (once; concurrent calls share the load). Never rejects. */
  load(): Promise<M | undefined> {
    if (this.#module) return Promise.resolve(this.#module);
    this.#loading ??= this.#import().then(
      (module) => {
        this.#error = undefined;
        return (this.#module = module);
      },
      (error: unknown) => {
        this.#loading = undefined;
        this.#error = error;
        return undefined;
      },
    );
    return this.#loading;
  }
}

/** A lazy part could not be loaded for an element (it shows a contained error instead). */
export interface LazyPartFailure {
  /** The part's `LazyModule.name`. */
  part: string;
  /** Why, from the failed `import()`. */
  cause: unknown;
}

type LazyPartsHost = ReactiveControllerHost & HTMLElement;

/**
 * An element's view of its lazy parts: `use(part)` gives the module once loaded (after adopting its styles into the
 * element's shadow root) or starts loading it and asks for an update when it is there; `loading` is what the
 * element's `updateComplete` also waits for, so that `await el.updateComplete` never resolves on a placeholder.
 * A part that failed stays failed for the element (no retry loop on every render); `onError` hears of it once.
 */
export class LazyParts {
  readonly #host: LazyPartsHost;
  readonly #onError: (failure: LazyPartFailure) => void;
  readonly #pending = new Map<LazyModule<unknown>, Promise<void>>();
  readonly #failed = new Set<LazyModule<unknown>>();
  /** Modules whose styles are in this host's shadow root. */
  readonly #adopted = new Set<LazyModule<unknown>>();

  constructor(host: LazyPartsHost, onError: (failure: LazyPartFailure) => void) {
    this.#host = host;
    this.#onError = onError;
  }

  /** The part's module when loaded (its styles adopted), else `undefined` (it starts loading unless it failed). */
  use<M>(part: LazyModule<M>): M | undefined {
    const module = part.module;
    if (module) {
      this.#adopt(part, module as LazyPartModule);
      return module;
    }
    this.#start(part);
    return undefined;
  }

  /** Where `part` stands for this element (`'loading'` also before the first `use()`). */
  status(part: LazyModule<unknown>): LazyPartStatus {
    if (part.module) return 'ready';
    return this.#failed.has(part) ? 'failed' : 'loading';
  }

  /** Settles when the parts loading now have loaded (or failed) and asked for their update; `undefined`: none. */
  get loading(): Promise<void> | undefined {
    return this.#pending.size === 0 ? undefined : Promise.all(this.#pending.values()).then(() => undefined);
  }

  /**
   * `updateComplete` that also waits for the parts loading now and the update each asks for once loaded (again while
   * one update starts loading another), so that `await el.updateComplete` never resolves on a placeholder.
   * @param updateComplete - the element's own (`super.getUpdateComplete()`)
   */
  async settled(updateComplete: () => Promise<boolean>): Promise<boolean> {
    let complete = await updateComplete();
    for (let loading = this.loading; loading; loading = this.loading) {
      await loading;
      complete = await updateComplete();
    }
    return complete;
  }

  #start(part: LazyModule<unknown>): void {
    if (this.#pending.has(part) || this.#failed.has(part)) return;
    const pending = part.load().then((module) => {
      this.#pending.delete(part);
      if (!module) {
        this.#failed.add(part);
        console.error(`<ag-ui-agent>: could not load the ${part.name} part:`, part.error);
        this.#onError({ part: part.name, cause: part.error });
      }
      this.#host.requestUpdate();
    });
    this.#pending.set(part, pending);
  }

  /**
   * Adds a module's styles to the host's shadow root, after the element's own: constructed style sheets where the
   * browser has them (as Lit's `static styles`), else `<style>` elements before the rendered content.
   */
  #adopt(part: LazyModule<unknown>, module: LazyPartModule): void {
    if (this.#adopted.has(part)) return;
    this.#adopted.add(part);
    const root = this.#host.shadowRoot;
    const styles = module.styles ?? [];
    if (!root || styles.length === 0) return;
    if (supportsAdoptingStyleSheets) {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...styles.map((style) => style.styleSheet!)];
      return;
    }
    // Lit put the element's own <style>s first, before its rendered content; these go right after them.
    const ownStyles = root.querySelectorAll(':scope > style');
    let after: ChildNode | null = ownStyles[ownStyles.length - 1] ?? null;
    for (const style of styles) {
      const element = document.createElement('style');
      const nonce = (globalThis as { litNonce?: string }).litNonce;
      if (nonce !== undefined) element.setAttribute('nonce', nonce);
      element.textContent = style.cssText;
      root.insertBefore(element, after ? after.nextSibling : root.firstChild);
      after = element;
    }
  }
}
