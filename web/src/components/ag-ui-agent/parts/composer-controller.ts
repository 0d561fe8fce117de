/**
 * The composer of `<ag-ui-agent>` (the message input with Send and Stop) and its keys: Enter sends, Shift+Enter adds a
 * line, Escape anywhere in the element stops a run (except in a text field of an approval card or an interrupt form,
 * where Escape is left to the field). Sending goes through the element (`send`), which fires `ag-ui-message-send`.
 * @module
 * @internal
 */
import type { TemplateResult } from 'lit';
import { isTextField } from '../controllers/scroll-follow-controller.js';
import { fitInput, renderComposer } from './render-composer.js';

/** What the composer needs from the element. */
export interface ComposerOptions {
  /** The message `<textarea>`, once rendered. */
  input(): HTMLTextAreaElement | undefined;
  placeholder(): string;
  disabled(): boolean;
  running(): boolean;
  /** Sends `text` as the person; `undefined` when nothing was sent (empty, prevented, no agent). */
  send(text: string): Promise<void> | undefined;
  stop(): void;
}

/** Renders the composer and handles its input; `onEscape` goes on the element's base box. */
export class Composer {
  readonly #options: ComposerOptions;
  /** Whether the input takes the focus after this update (the Stop button had it, and goes away). */
  #refocus = false;

  constructor(options: ComposerOptions) {
    this.#options = options;
  }

  /** Before an update (`willUpdate`): notes whether the Stop button, about to go away, has the focus. */
  willUpdate(root: ShadowRoot | null): void {
    const active = root?.activeElement;
    this.#refocus = !this.#options.running() && active instanceof HTMLElement && active.classList.contains('stop-button');
  }

  /** After the update (`updated`): gives the input the focus the Stop button had. */
  updated(): void {
    if (!this.#refocus) return;
    this.#refocus = false;
    this.#options.input()?.focus();
  }

  /** The composer form. */
  render(): TemplateResult {
    const options = this.#options;
    return renderComposer({
      placeholder: options.placeholder(),
      disabled: options.disabled(),
      running: options.running(),
      onSubmit: this.#onSubmit,
      onKeyDown: this.#onKeyDown,
      onInput: this.#onInput,
      onStop: this.#onStop,
    });
  }

  /** Escape stops a run, unless it was typed in an approval's or an interrupt's text field (left to the field). */
  onEscape = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented || !this.#options.running()) return;
    const target = event.composedPath()[0];
    if (target !== this.#options.input() && isTextField(target)) return;
    event.preventDefault();
    this.#onStop();
  };

  /** A suggestion chip sends its text, as if typed; typing goes on in the input. */
  onSuggestion = (text: string): void => {
    if (this.#options.disabled() || this.#options.running()) return;
    this.#options.send(text)?.catch((error: unknown) => console.error('<ag-ui-agent>: sending failed:', error));
    this.#options.input()?.focus();
  };

  #onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    this.#sendInput();
    // A click on Send leaves focus on the button; typing goes on in the input.
    this.#options.input()?.focus();
  };

  #onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    this.#sendInput();
  };

  #onInput = (event: InputEvent): void => {
    fitInput(event.currentTarget as HTMLTextAreaElement);
  };

  #onStop = (): void => {
    this.#options.stop();
    this.#options.input()?.focus();
  };

  #sendInput(): void {
    const input = this.#options.input();
    if (!input || this.#options.disabled() || this.#options.running()) return;
    const sending = this.#options.send(input.value);
    if (!sending) return;
    input.value = '';
    fitInput(input);
    sending.catch((error: unknown) => console.error('<ag-ui-agent>: sending failed:', error));
  }
}
