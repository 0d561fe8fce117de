/**
 * A Lit element directive that sets inline style properties through the CSSOM (`style.setProperty`), never through a
 * `style` attribute. A page whose Content Security Policy has `style-src` without `'unsafe-inline'` blocks (and
 * reports) every inline `style` attribute, including the one Lit's `styleMap` writes on first render; the CSSOM is
 * not subject to it.
 * @module
 * @internal
 */
import { noChange } from 'lit';
import { Directive, PartType, directive, type ElementPart, type PartInfo } from 'lit/directive.js';

/** Property name (dash-case, as in CSS) to value; a property left out of a later call is removed. */
export type StyleProperties = Readonly<Record<string, string>>;

class StylePropertiesDirective extends Directive {
  #previous: StyleProperties = {};

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('styleProperties() goes on an element');
  }

  render(_properties: StyleProperties): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [properties]: [StyleProperties]): typeof noChange {
    const { style } = part.element as HTMLElement;
    for (const name of Object.keys(this.#previous)) if (!(name in properties)) style.removeProperty(name);
    for (const [name, value] of Object.entries(properties)) {
      if (this.#previous[name] !== value) style.setProperty(name, value);
    }
    this.#previous = properties;
    return noChange;
  }
}

/**
 * Sets `properties` as inline style properties of the element it is on, through the CSSOM (allowed under a strict CSP).
 * @example
 * ```ts
 * html`<div ${styleProperties({ 'contain-intrinsic-size': 'auto 30em' })}></div>`
 * ```
 */
export const styleProperties = directive(StylePropertiesDirective);
