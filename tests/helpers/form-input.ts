// Filling form controls in tests, either way a person's input reaches a listener.
import { sendKeys } from '@web/test-runner-commands';

/**
 * Sets a control's value as typing or picking would leave it, and fires the event the element listens to:
 * `change` for a `<select>`, `input` otherwise (both bubble and cross shadow roots). Synchronous, no key presses.
 */
export function typeInto(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  control.value = value;
  control.dispatchEvent(new Event(control.localName === 'select' ? 'change' : 'input', { bubbles: true, composed: true }));
}

/** Types `text` at the end of `input` with real key presses (the browser's own editing and events). */
export async function pressKeys(input: HTMLInputElement | HTMLTextAreaElement, text: string): Promise<void> {
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
  await sendKeys({ type: text });
}
