import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { buildResumeArray, isInterruptExpired, type Interrupt, type ResumeEntry } from '@ag-ui/client';
import type { AgentRunLoop } from '../../agent/agent-run-loop.js';
import type { RunFinishedDetail } from '../../agent/types.js';
import {
  interruptFormFields,
  readInterruptField,
  readJsonAnswer,
  setAnswerProperty,
  type AnswerReading,
  type InterruptField,
} from '../../internal/interrupt-form.js';
import type { InterruptDetail } from './ag-ui-agent.events.js';
import {
  JSON_ANSWER_CONTROL,
  fieldControlName,
  renderInterrupt,
  type InterruptCardHandlers,
  type InterruptCardState,
} from './render-interrupt.js';

/** Options of `InterruptController`. */
export interface InterruptControllerOptions {
  /** The loop the host shows (the one to resume). */
  loop: () => AgentRunLoop | undefined;
  /** Called right before the resume run starts (e.g. to follow the transcript's bottom). */
  onResume?: () => void;
  /** Where focus goes when the person's last answer removes the cards (e.g. the composer). */
  focusAfterAnswer?: () => void;
}

type ResumeResponse = Parameters<typeof buildResumeArray>[1][string];

/** One interrupt of a batch. */
interface PendingInterrupt {
  readonly interrupt: Interrupt;
  readonly key: string;
  /** Form fields of a simple `responseSchema`; `undefined`: a JSON answer. */
  readonly fields: InterruptField[] | undefined;
  /** Set once answered; an expired interrupt is `cancelled`. */
  response?: ResumeResponse;
  expired: boolean;
  /** The page took it over (`preventDefault()` on its `ag-ui-interrupt`): no card. */
  handledByPage: boolean;
  /** An expired card was dismissed. */
  dismissed: boolean;
  readonly errors: Map<string, string>;
}

/** The interrupts one run finished with. */
interface InterruptBatch {
  readonly items: PendingInterrupt[];
  /** An answer came from the person or the page (not only from expiry). */
  acted: boolean;
  resumeScheduled: boolean;
}

/** What to focus after the next update. */
type FocusRequest = { key: string; target: 'first-field' | 'first-invalid' | 'dismiss' } | { key?: undefined; target: 'after-answer' };

/** Longest `setTimeout` delay browsers honour (2^31 - 1 ms); a later expiry is re-checked then. */
const MAX_TIMER_MS = 2_147_483_647;

let nextKey = 0;

type ControllerHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/**
 * AG-UI interrupts for `<ag-ui-agent>`: when a run finishes with `outcome: { type: 'interrupt' }`, fires a cancelable
 * `ag-ui-interrupt` per interrupt (detail `{ interrupt, resolve(payload), cancel() }`), shows a card for each one
 * the page did not take over (`preventDefault()`), and once every interrupt is answered, resumes the loop exactly
 * once with `runAgent({ resume: buildResumeArray(...) })`.
 *
 * An interrupt whose `expiresAt` has passed (`isInterruptExpired`, checked when it arrives and again by a timer at
 * its expiry) cannot be answered: it is shown as expired and resumed as `cancelled` (the protocol's statuses are
 * `resolved` and `cancelled`). Expired interrupts do not hold the others up; expiry alone never starts a run unless
 * an answer was already given (so that answer is not lost), and Dismiss on an expired card resumes when nothing
 * else is open.
 *
 * Any new run (a message, which sends the pending interrupts as `cancelled`, or the resume run) removes the cards;
 * so do `reset()`, `setMessages()` and a new agent (the loop's `pendingInterrupts` no longer hold them). When that
 * run fails, the interrupts the loop still holds are shown (and offered to the page) again, to be answered anew.
 */
export class InterruptController implements ReactiveController {
  readonly #host: ControllerHost;
  readonly #options: InterruptControllerOptions;
  #batch: InterruptBatch | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #focus: FocusRequest | undefined;
  #connected = false;

  constructor(host: ControllerHost, options: InterruptControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
    // The element re-fires its loop's events at once: listening to them keeps this independent of loop changes.
    host.addEventListener('ag-ui-run-finished', this.#onRunFinished);
    host.addEventListener('ag-ui-run-started', this.#onRunStarted);
    host.addEventListener('ag-ui-run-error', this.#onRunError);
  }

  hostConnected(): void {
    this.#connected = true;
    if (this.#batch) this.#checkExpiry(this.#batch);
  }

  hostDisconnected(): void {
    this.#connected = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  hostUpdate(): void {
    // reset(), setMessages() or another agent left the loop without these interrupts: drop them.
    if (this.#batch && !this.#isCurrent(this.#batch)) this.#clear();
  }

  hostUpdated(): void {
    const request = this.#focus;
    if (!request) return;
    this.#focus = undefined;
    if (request.target === 'after-answer') {
      this.#options.focusAfterAnswer?.();
      return;
    }
    const card = this.#host.renderRoot.querySelector<HTMLElement>(`.interrupt[data-interrupt-key="${request.key}"]`);
    if (!card) return;
    const selector =
      request.target === 'dismiss'
        ? '.interrupt-dismiss'
        : request.target === 'first-invalid'
          ? '.interrupt-input[aria-invalid="true"]'
          : '.interrupt-input, .interrupt-submit';
    card.querySelector<HTMLElement>(selector)?.focus();
  }

  /** The cards, for the end of the transcript; `nothing` when no interrupt shows. */
  render(): TemplateResult | typeof nothing {
    const batch = this.#batch;
    const shown = batch?.items.filter((item) => !item.handledByPage) ?? [];
    if (!batch || shown.length === 0) return nothing;
    return html`<div part="interrupts" class="interrupts">
      ${repeat(
        shown,
        (item) => item.key,
        (item) =>
          renderInterrupt(
            {
              key: item.key,
              interrupt: item.interrupt,
              state: stateOf(item),
              fields: item.fields,
              errors: item.errors,
              dismissible: item.expired && !item.dismissed,
            },
            this.#handlers,
          ),
      )}
    </div>`;
  }

  // ---------------------------------------------------------------------------------------------------------------

  #onRunFinished = (event: CustomEvent<RunFinishedDetail>): void => {
    if (event.detail.interrupts.length > 0) this.#show(event.detail.interrupts);
  };

  /**
   * A run that failed while interrupts were pending (the resume run, or a message that cancels them) did not
   * answer them: the loop still holds them, so their cards come back (empty) and `ag-ui-interrupt` fires again.
   */
  #onRunError = (): void => {
    const pending = this.#options.loop()?.pendingInterrupts ?? [];
    if (pending.length > 0 && this.#batch === undefined) this.#show(pending);
  };

  /** A new batch for `interrupts`, offered once the current turn is over. */
  #show(interrupts: readonly Interrupt[]): void {
    const batch: InterruptBatch = {
      items: interrupts.map((interrupt) => ({
        interrupt,
        key: `ag-ui-interrupt-${++nextKey}`,
        fields: interruptFormFields(interrupt.responseSchema),
        expired: false,
        handledByPage: false,
        dismissed: false,
        errors: new Map(),
      })),
      acted: false,
      resumeScheduled: false,
    };
    this.#clear();
    this.#batch = batch;
    this.#checkExpiry(batch);
    // The loop is still inside its run: offer the interrupts once the turn is over (listeners see `running` false).
    queueMicrotask(() => this.#offer(batch));
  }

  #onRunStarted = (): void => {
    this.#clear();
  };

  /** Fires `ag-ui-interrupt` for each interrupt, then shows the cards of those the page did not take over. */
  #offer(batch: InterruptBatch): void {
    for (const item of batch.items) {
      if (this.#batch !== batch) return;
      const detail: InterruptDetail = {
        interrupt: item.interrupt,
        resolve: (payload?: unknown) => this.#answer(batch, item, payload === undefined ? { status: 'resolved' } : { status: 'resolved', payload }),
        cancel: () => this.#answer(batch, item, { status: 'cancelled' }),
      };
      const event = new CustomEvent('ag-ui-interrupt', { detail, bubbles: true, composed: true, cancelable: true });
      if (!this.#host.dispatchEvent(event)) item.handledByPage = true;
    }
    if (this.#batch !== batch) return;
    const first = batch.items.find((item) => !item.handledByPage && item.response === undefined) ??
      batch.items.find((item) => !item.handledByPage && item.expired);
    if (first) this.#focus = { key: first.key, target: first.expired ? 'dismiss' : 'first-field' };
    this.#host.requestUpdate();
  }

  /**
   * Records an answer from the person or the page. An expired interrupt cannot be answered: it stays `cancelled`.
   * @returns whether the answer was taken as given
   */
  #answer(batch: InterruptBatch, item: PendingInterrupt, response: ResumeResponse): boolean {
    if (!this.#isCurrent(batch) || batch.resumeScheduled) return false;
    this.#checkExpiry(batch);
    if (item.expired) {
      batch.acted = true;
      item.dismissed = true;
      this.#host.requestUpdate();
      this.#resumeWhenAnswered(batch);
      return response.status === 'cancelled';
    }
    if (item.response !== undefined) return false;
    item.response = response;
    item.errors.clear();
    batch.acted = true;
    this.#host.requestUpdate();
    this.#resumeWhenAnswered(batch);
    return true;
  }

  /** Once no interrupt is open, starts the resume run (once, after the current task: every listener has run). */
  #resumeWhenAnswered(batch: InterruptBatch): void {
    if (batch.resumeScheduled || !batch.acted || batch.items.some((item) => item.response === undefined)) return;
    batch.resumeScheduled = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    queueMicrotask(() => {
      const loop = this.#options.loop();
      if (!loop || !this.#isCurrent(batch)) return;
      // An answer given in time but sent after the deadline can no longer be accepted: send it as cancelled.
      this.#checkExpiry(batch, false);
      const responses: Record<string, ResumeResponse> = {};
      for (const item of batch.items) responses[item.interrupt.id] = item.response ?? { status: 'cancelled' };
      let resume: ResumeEntry[];
      try {
        resume = buildResumeArray(batch.items.map((item) => item.interrupt), responses);
      } catch (error) {
        // Only duplicate interrupt ids get here (an agent's mistake): answer each id once rather than not at all.
        console.warn('<ag-ui-agent>: could not build the resume entries:', error);
        resume = Object.entries(responses).map(([interruptId, response]) => ({ interruptId, ...response }));
      }
      this.#options.onResume?.();
      void loop.runAgent({ resume });
    });
  }

  /**
   * Marks the interrupts past their `expiresAt` as expired (answered `cancelled`), and schedules the next check at
   * the earliest expiry still ahead. When expiry answers the last open interrupt of a batch someone already
   * answered, the resume starts.
   */
  #checkExpiry(batch: InterruptBatch, schedule = true): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const now = new Date();
    let next = Infinity;
    let changed = false;
    const focusedKey = this.#focusedKey();
    for (const item of batch.items) {
      if (item.expired || item.interrupt.expiresAt === undefined) continue;
      if (isInterruptExpired(item.interrupt, now)) {
        item.expired = true;
        item.response = { status: 'cancelled' };
        item.errors.clear();
        changed = true;
        if (focusedKey === item.key) this.#focus = { key: item.key, target: 'dismiss' };
        continue;
      }
      const at = Date.parse(item.interrupt.expiresAt);
      if (Number.isFinite(at)) next = Math.min(next, at);
    }
    if (changed) {
      this.#host.requestUpdate();
      if (schedule) this.#resumeWhenAnswered(batch);
    }
    if (!schedule || batch.resumeScheduled || next === Infinity || !this.#connected) return;
    const delay = Math.min(Math.max(0, next - now.getTime()), MAX_TIMER_MS);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#isCurrent(batch)) this.#checkExpiry(batch);
    }, delay);
  }

  /** Whether `batch` is still what the loop waits for. */
  #isCurrent(batch: InterruptBatch): boolean {
    if (this.#batch !== batch) return false;
    const pending = this.#options.loop()?.pendingInterrupts ?? [];
    return pending.length === batch.items.length && batch.items.every((item, i) => pending[i]?.id === item.interrupt.id);
  }

  #clear(): void {
    if (!this.#batch) return;
    if (this.#focusedKey() !== undefined) this.#focus = { target: 'after-answer' };
    else if (this.#focus?.key !== undefined) this.#focus = undefined;
    this.#batch = undefined;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#host.requestUpdate();
  }

  /** The key of the card that holds focus, if any. */
  #focusedKey(): string | undefined {
    const root = this.#host.renderRoot as ShadowRoot | HTMLElement;
    const active = 'activeElement' in root ? root.activeElement : null;
    return active instanceof HTMLElement ? active.closest<HTMLElement>('.interrupt')?.dataset.interruptKey : undefined;
  }

  #item(key: string): PendingInterrupt | undefined {
    return this.#batch?.items.find((item) => item.key === key);
  }

  // The card's handlers -----------------------------------------------------------------------------------------

  readonly #handlers: InterruptCardHandlers = {
    onSubmit: (event, key) => {
      event.preventDefault();
      const batch = this.#batch;
      const item = this.#item(key);
      const form = event.currentTarget as HTMLFormElement | null;
      if (!batch || !item || !form || item.response !== undefined) return;
      const payload = this.#readForm(item, form);
      if (!payload.ok) {
        this.#focus = { key, target: 'first-invalid' };
        this.#host.requestUpdate();
        return;
      }
      this.#answerFromCard(batch, item, payload.present ? { status: 'resolved', payload: payload.value } : { status: 'resolved' });
    },
    onCancel: (_event, key) => {
      const batch = this.#batch;
      const item = this.#item(key);
      if (batch && item) this.#answerFromCard(batch, item, { status: 'cancelled' });
    },
    onDismiss: (_event, key) => {
      const batch = this.#batch;
      const item = this.#item(key);
      if (batch && item) this.#answerFromCard(batch, item, { status: 'cancelled' });
    },
    onInput: (event, key) => {
      const item = this.#item(key);
      const control = event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;
      if (!item || !control?.name || !item.errors.has(control.name)) return;
      // Once an error shows, it follows the value: cleared as soon as the value is right.
      const reading = this.#readControl(item, control);
      if (reading.ok) item.errors.delete(control.name);
      else item.errors.set(control.name, reading.error);
      this.#host.requestUpdate();
    },
  };

  #answerFromCard(batch: InterruptBatch, item: PendingInterrupt, response: ResumeResponse): void {
    this.#answer(batch, item, response);
    if (this.#batch !== batch) return;
    const next = batch.items.find((other) => !other.handledByPage && other.response === undefined);
    if (next) this.#focus = { key: next.key, target: 'first-field' };
    else if (batch.resumeScheduled) this.#focus = { target: 'after-answer' };
    else {
      const expired = batch.items.find((other) => !other.handledByPage && other.expired && !other.dismissed);
      if (expired) this.#focus = { key: expired.key, target: 'dismiss' };
    }
  }

  /** Reads and checks every control of a card's form; records the errors. */
  #readForm(item: PendingInterrupt, form: HTMLFormElement): AnswerReading {
    item.errors.clear();
    if (!item.fields) {
      const control = form.elements.namedItem(JSON_ANSWER_CONTROL) as HTMLTextAreaElement | null;
      const reading = this.#readControl(item, control);
      if (!reading.ok) item.errors.set(JSON_ANSWER_CONTROL, reading.error);
      return reading;
    }
    const payload: Record<string, unknown> = {};
    item.fields.forEach((field, index) => {
      const name = fieldControlName(index);
      const reading = this.#readControl(item, form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null);
      if (!reading.ok) item.errors.set(name, reading.error);
      else if (reading.present) setAnswerProperty(payload, field.name, reading.value);
    });
    const first = item.errors.values().next();
    return first.done ? { ok: true, present: true, value: payload } : { ok: false, error: first.value };
  }

  #readControl(item: PendingInterrupt, control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null): AnswerReading {
    if (!control) return { ok: false, error: 'The answer could not be read.' };
    if (control.name === JSON_ANSWER_CONTROL) return readJsonAnswer(control.value, item.interrupt.responseSchema);
    const field = item.fields?.[Number(control.name.slice(1))];
    if (!field) return { ok: false, error: 'The answer could not be read.' };
    const raw = control instanceof HTMLInputElement && control.type === 'checkbox' ? control.checked : control.value;
    return readInterruptField(field, raw, control.validity.badInput);
  }
}

function stateOf(item: PendingInterrupt): InterruptCardState {
  if (item.expired) return 'expired';
  return item.response?.status ?? 'open';
}
