// A React 18 root for the wrapper tests: a fresh container per test, unmounted and removed after it.
import { waitUntil } from '../helpers/wait-until.js';
import React, { createRef, type ComponentType, type RefAttributes } from 'react';
import { createRoot, type Root } from 'react-dom/client';

export interface ReactRoot {
  /** Renders `<Component {...props} />` and resolves with its element once React committed it (and Lit rendered). */
  render<E extends HTMLElement, P>(Component: ComponentType<P & RefAttributes<E>>, props: NoInfer<P>): Promise<E>;
  /** Unmounts everything rendered so far (a new root takes the container's place for the next render). */
  unmount(): void;
  /** The container the root renders into. */
  readonly container: HTMLElement;
}

/** Call inside `describe()`: the returned object renders into this test's root. */
export function useReactRoot(): ReactRoot {
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    root.unmount();
    container.remove();
  });
  return {
    async render<E extends HTMLElement, P>(Component: ComponentType<P & RefAttributes<E>>, props: NoInfer<P>): Promise<E> {
      const ref = createRef<E>();
      root.render(React.createElement(Component, { ...props, ref }));
      await waitUntil(() => ref.current !== null, `React to mount ${Component.displayName ?? 'the element'}`);
      await (ref.current as E & { updateComplete?: Promise<unknown> }).updateComplete;
      return ref.current!;
    },
    unmount() {
      root.unmount();
      root = createRoot(container);
    },
    get container() {
      return container;
    },
  };
}
