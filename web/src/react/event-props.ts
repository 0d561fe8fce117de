// Turns an element's DOM event names into the `onXxx` props of its React wrapper, at the type level and at run time
// from one list, so a wrapper's props can never disagree with the events it listens to.
import type { EventName } from '@lit/react';

type PascalCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${PascalCase<Tail>}`
  : Capitalize<S>;

/** The React prop of an `ag-ui-*` event: `'ag-ui-tool-call-end'` -> `'onToolCallEnd'`. */
export type EventPropName<Type extends string> = Type extends `ag-ui-${infer Rest}` ? `on${PascalCase<Rest>}` : never;

/**
 * The `events` option of `createComponent()` for an event map: each `ag-ui-*` event of `EventMap` under its
 * `onXxx` prop, typed so the handler receives the event's own type (e.g. `CustomEvent<ToolCallEndDetail>`).
 */
export type EventProps<EventMap> = {
  [Type in keyof EventMap & string as EventPropName<Type>]: EventName<EventMap[Type] & Event>;
};

/**
 * The React prop of an `ag-ui-*` event name (the run-time side of `EventPropName`).
 * @example
 * ```ts
 * eventPropName('ag-ui-tool-approval-requested'); // 'onToolApprovalRequested'
 * ```
 */
export function eventPropName<Type extends string>(type: Type): EventPropName<Type> {
  const words = type.replace(/^ag-ui-/, '').split('-');
  return `on${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}` as EventPropName<Type>;
}

/** The `events` option of `createComponent()` for a list of event names (every key of `EventMap`, see callers). */
export function eventProps<EventMap>(types: readonly (keyof EventMap & string)[]): EventProps<EventMap> {
  return Object.fromEntries(types.map((type) => [eventPropName(type), type])) as unknown as EventProps<EventMap>;
}
