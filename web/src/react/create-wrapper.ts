// One way to make each element's React component, so the wrappers differ only in their element and event list.
import { createComponent, type ReactWebComponent } from '@lit/react';
import React from 'react';
import { eventProps, type EventProps } from './event-props.js';

/** `true` when `Listed` names every event of `EventMap`; else `never`, so assigning `true` fails to compile. */
export type ListsEveryEvent<EventMap, Listed> = Exclude<keyof EventMap, Listed> extends never ? true : never;

/**
 * A React component for a custom element (`@lit/react`'s `createComponent`): its props are set as element
 * properties and each event of `events` (every key of `EventMap`) becomes an `onXxx` prop.
 */
export function createWrapper<Element extends HTMLElement, EventMap>(
  tagName: string,
  elementClass: new () => Element,
  events: readonly (keyof EventMap & string)[],
  displayName: string,
): ReactWebComponent<Element, EventProps<EventMap>> {
  return createComponent({ tagName, elementClass, react: React, events: eventProps<EventMap>(events), displayName });
}
