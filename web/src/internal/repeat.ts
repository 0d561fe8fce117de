/**
 * Lit's keyed `repeat`, without the comment node it leaves behind for every item it removes.
 *
 * Each item part that `repeat` creates has a start and an end marker comment of its own. lit-html 3.3's `removePart`
 * (lit/lit#4975) removes a part's content and its start marker only, so every removed item leaves its end marker
 * (`<!---->`) in the list for as long as the list part lives. The transcript's list lives as long as the element: a
 * soak of 300 turns with a `reset()` after each kept ~900 empty comments in it (3 per turn, one per entry: the
 * `<ag-ui-agent>` issue "reset() leaves nodes behind"), and a long thread whose window drops an entry for every new
 * one, or a tool-call window over a long run, kept one per dropped entry. This directive runs Lit's own `repeat` and
 * then removes the end markers of the parts it dropped. Once Lit removes them itself, `remove()` on a node that is
 * no longer in the tree does nothing.
 * @module
 * @internal
 */
import type { ChildPart } from 'lit';
import { directive } from 'lit/directive.js';
import { getCommittedValue, getDirectiveClass } from 'lit/directive-helpers.js';
import { repeat as litRepeat, type ItemTemplate, type KeyFn, type RepeatDirective, type RepeatDirectiveFn } from 'lit/directives/repeat.js';

// Lit exports the directive class as a type only; the class itself is the one behind any `repeat(...)` result.
const LitRepeatDirective = getDirectiveClass(litRepeat([], () => undefined)) as unknown as typeof RepeatDirective;

class SweepingRepeatDirective extends LitRepeatDirective {
  override update<T>(
    containerPart: ChildPart,
    args: [Iterable<T>, KeyFn<T> | ItemTemplate<T>, ItemTemplate<T>],
  ): ReturnType<RepeatDirective['update']> {
    const before = getCommittedValue(containerPart);
    const result = super.update(containerPart, args);
    // Not an array before: the first render, which removes nothing.
    if (Array.isArray(before)) {
      const after = new Set(getCommittedValue(containerPart) as unknown[]);
      for (const part of before as (ChildPart | null)[]) {
        if (part && !after.has(part)) part.endNode?.parentNode?.removeChild(part.endNode);
      }
    }
    return result;
  }
}

/**
 * Lit's `repeat` (same arguments, same keyed DOM reuse), except that removing an item removes all of its nodes.
 * @example
 * ```ts
 * html`<ul>${repeat(items, (item) => item.id, (item) => html`<li>${item.text}</li>`)}</ul>`
 * ```
 */
export const repeat = directive(SweepingRepeatDirective) as RepeatDirectiveFn;
