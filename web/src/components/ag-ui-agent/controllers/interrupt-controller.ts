import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { repeat } from '../../../internal/repeat.js';
import type { AgentRunLoop } from '../../../agent/agent-run-loop.js';
import type { PendingDecision } from '../../../agent/types.js';
import {
  interruptFormFields,
  readInterruptField,
  readJsonAnswer,
  setAnswerProperty,
  type AnswerReading,
  type InterruptField,
} from '../../../internal/interrupt-form.js';
import {
  JSON_ANSWER_CONTROL,
  fieldControlName,
  renderInterrupt,
  type InterruptCardHandlers,
  type InterruptCardState,
} from '../cards/interrupt/render-interrupt.js';
import { ownSelector } from '../transcript/own-nodes.js';
import { shownInterrupts } from '../cards/interrupt/shown-interrupts.js';

/** Options of `InterruptController`. */
export interface InterruptControllerOptions {
  /** The loop the host shows (whose `decisions` hold the interrupts). */
  loop: () => AgentRunLoop | undefined;
  /** Called when the person's answer lets the loop resume (e.g. to follow the transcript's bottom). */
  onResume?: () => void;
  /** Where focus goes when the person's last answer removes the cards (e.g. the composer). */
  focusAfterAnswer?: () => void;
}

/** What a card keeps beside its decision: form fields, errors shown, a dismissed expiry notice. */
interface CardState {
  readonly key: string;
  /** Form fields of a simple `responseSchema`; `undefined`: a JSON answer. */
  readonly fields: InterruptField[] | undefined;
  readonly errors: Map<string, string>;
  dismissed: boolean;
}

/** What to focus after the next update. */
type FocusRequest = { key: string; target: 'first-field' | 'first-invalid' | 'dismiss' } | { key?: undefined; target: 'after-answer' };

let nextKey = 0;

type ControllerHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/**
 * The interrupt cards of `<ag-ui-agent>`: one per interrupt in the loop's `decisions` that the page did not take over
 * (`preventDefault()` on `ag-ui-interrupt`), except an interrupt with `reason: 'tool_call'` about a call the
 * transcript shows, which asks in that call's card (Approve / Deny). Each card shows the interrupt's reason and
 * message and, while open, a form for its `responseSchema` (fields for a simple one, a JSON answer otherwise), or
 * Approve / Deny for a `tool_call` interrupt about a call not on screen; the loop resumes the agent once all are
 * answered. Reads the loop's state in `hostUpdate()` (the element re-renders on every loop event), never the
 * element's public events.
 */
export class InterruptController implements ReactiveController {
  readonly #host: ControllerHost;
  readonly #options: InterruptControllerOptions;
  readonly #cards = new WeakMap<PendingDecision, CardState>();
  /** The interrupts shown at the last update. */
  #shown: readonly PendingDecision[] = [];
  #focus: FocusRequest | undefined;

  constructor(host: ControllerHost, options: InterruptControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostUpdate(): void {
    const shown = shownInterrupts(this.#options.loop());
    const before = new Set(this.#shown);
    const fresh = shown.find((decision) => !before.has(decision) && (decision.state === 'open' || decision.state === 'expired'));
    if (fresh) this.#focus = { key: this.#card(fresh).key, target: fresh.state === 'expired' ? 'dismiss' : 'first-field' };
    else if (this.#shown.length > 0 && shown.length === 0 && this.#focusedKey() !== undefined) this.#focus = { target: 'after-answer' };
    // A card focused when its interrupt expired offers its Dismiss.
    const focusedKey = this.#focusedKey();
    const expired = shown.find((decision) => decision.state === 'expired' && this.#card(decision).key === focusedKey);
    if (expired && this.#focus === undefined) this.#focus = { key: focusedKey!, target: 'dismiss' };
    this.#shown = shown;
  }

  hostUpdated(): void {
    const request = this.#focus;
    if (!request) return;
    this.#focus = undefined;
    if (request.target === 'after-answer') {
      this.#options.focusAfterAnswer?.();
      return;
    }
    const card = this.#host.renderRoot.querySelector<HTMLElement>(ownSelector(`.interrupt[data-interrupt-key="${request.key}"]`));
    if (!card) return;
    const selector =
      request.target === 'dismiss'
        ? '.interrupt-dismiss'
        : request.target === 'first-invalid'
          ? '.interrupt-input[aria-invalid="true"]'
          : '.interrupt-input, .interrupt-submit, .interrupt-approve';
    card.querySelector<HTMLElement>(selector)?.focus();
  }

  /** The cards, for the end of the transcript; `nothing` when no interrupt shows. */
  render(): TemplateResult | typeof nothing {
    const shown = this.#shown;
    if (shown.length === 0) return nothing;
    return html`<div part="interrupts" class="interrupts">
      ${repeat(
        shown,
        (decision) => this.#card(decision).key,
        (decision) => {
          const card = this.#card(decision);
          return renderInterrupt(
            {
              key: card.key,
              interrupt: decision.interrupt!,
              state: decision.state as InterruptCardState,
              fields: card.fields,
              errors: card.errors,
              dismissible: decision.state === 'expired' && !card.dismissed,
              approval: decision.toolCallId !== undefined,
            },
            this.#handlers,
          );
        },
      )}
    </div>`;
  }

  #card(decision: PendingDecision): CardState {
    let card = this.#cards.get(decision);
    if (!card) {
      const fields = decision.toolCallId === undefined ? interruptFormFields(decision.interrupt?.responseSchema) : undefined;
      card = { key: `ag-ui-interrupt-${++nextKey}`, fields, errors: new Map(), dismissed: false };
      this.#cards.set(decision, card);
    }
    return card;
  }

  /** The key of the card that holds focus, if any. */
  #focusedKey(): string | undefined {
    const root = this.#host.renderRoot as ShadowRoot | HTMLElement;
    const active = 'activeElement' in root ? root.activeElement : null;
    return active instanceof HTMLElement ? active.closest<HTMLElement>(ownSelector('.interrupt'))?.dataset.interruptKey : undefined;
  }

  #decision(key: string): PendingDecision | undefined {
    return this.#shown.find((decision) => this.#cards.get(decision)?.key === key);
  }

  // The card's handlers -----------------------------------------------------------------------------------------

  readonly #handlers: InterruptCardHandlers = {
    onSubmit: (event, key) => {
      event.preventDefault();
      const decision = this.#decision(key);
      const form = event.currentTarget as HTMLFormElement | null;
      if (!decision || !form || decision.state !== 'open') return;
      const card = this.#card(decision);
      const payload = this.#readForm(decision, card, form);
      if (!payload.ok) {
        this.#focus = { key, target: 'first-invalid' };
        this.#host.requestUpdate();
        return;
      }
      this.#answerFromCard(decision, () => decision.answer(payload.present ? payload.value : undefined));
    },
    onCancel: (_event, key) => {
      const decision = this.#decision(key);
      if (decision) this.#answerFromCard(decision, () => decision.cancel());
    },
    onDismiss: (_event, key) => {
      const decision = this.#decision(key);
      if (!decision) return;
      this.#card(decision).dismissed = true;
      this.#answerFromCard(decision, () => decision.cancel());
    },
    onApprove: (_event, key) => {
      const decision = this.#decision(key);
      if (decision) this.#answerFromCard(decision, () => decision.answer({ approved: true }));
    },
    onDeny: (_event, key) => {
      const decision = this.#decision(key);
      if (decision) this.#answerFromCard(decision, () => decision.answer({ approved: false }));
    },
    onInput: (event, key) => {
      const decision = this.#decision(key);
      const control = event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;
      if (!decision || !control?.name) return;
      const card = this.#card(decision);
      if (!card.errors.has(control.name)) return;
      // Once an error shows, it follows the value: cleared as soon as the value is right.
      const reading = this.#readControl(decision, card, control);
      if (reading.ok) card.errors.delete(control.name);
      else card.errors.set(control.name, reading.error);
      this.#host.requestUpdate();
    },
  };

  /** Answers from a card, then moves focus to the next open card, or (once the loop resumes) away from the cards. */
  #answerFromCard(decision: PendingDecision, answer: () => boolean): void {
    answer();
    this.#cards.get(decision)?.errors.clear();
    const open = this.#shown.filter((other) => other !== decision && other.state === 'open');
    const next = open[0];
    if (next) this.#focus = { key: this.#card(next).key, target: 'first-field' };
    else {
      const expired = this.#shown.find((other) => other.state === 'expired' && !this.#card(other).dismissed);
      if (expired) this.#focus = { key: this.#card(expired).key, target: 'dismiss' };
      else {
        this.#focus = { target: 'after-answer' };
        this.#options.onResume?.();
      }
    }
    this.#host.requestUpdate();
  }

  /** Reads and checks every control of a card's form; records the errors. */
  #readForm(decision: PendingDecision, card: CardState, form: HTMLFormElement): AnswerReading {
    card.errors.clear();
    if (!card.fields) {
      const control = form.elements.namedItem(JSON_ANSWER_CONTROL) as HTMLTextAreaElement | null;
      const reading = this.#readControl(decision, card, control);
      if (!reading.ok) card.errors.set(JSON_ANSWER_CONTROL, reading.error);
      return reading;
    }
    const payload: Record<string, unknown> = {};
    card.fields.forEach((field, index) => {
      const name = fieldControlName(index);
      const reading = this.#readControl(decision, card, form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null);
      if (!reading.ok) card.errors.set(name, reading.error);
      else if (reading.present) setAnswerProperty(payload, field.name, reading.value);
    });
    const first = card.errors.values().next();
    return first.done ? { ok: true, present: true, value: payload } : { ok: false, error: first.value };
  }

  #readControl(
    decision: PendingDecision,
    card: CardState,
    control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null,
  ): AnswerReading {
    if (!control) return { ok: false, error: 'The answer could not be read.' };
    if (control.name === JSON_ANSWER_CONTROL) return readJsonAnswer(control.value, decision.interrupt?.responseSchema);
    const field = card.fields?.[Number(control.name.slice(1))];
    if (!field) return { ok: false, error: 'The answer could not be read.' };
    const raw = control instanceof HTMLInputElement && control.type === 'checkbox' ? control.checked : control.value;
    return readInterruptField(field, raw, control.validity.badInput);
  }
}
