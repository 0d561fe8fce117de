/**
 * The tool call cards of `<ag-ui-agent>`: what each card shows (its record, the tool's title and source badges, the
 * page's renderer), the approval card (loaded on first use) with its argument editor, what a person's answer does,
 * and the once-a-second update while a retry countdown shows.
 * @module
 * @internal
 */
import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import type { ToolCall } from '@ag-ui/client';
import type { AgentRunLoop } from '../../../agent/agent-run-loop.js';
import type { ApprovalScope, ToolApprovalView } from '../../../agent/types.js';
import type { ToolRegistry } from '../../../tools/index.js';
import type { ArgumentsEdit } from '../cards/approval/render-tool-approval.js';
import { findRenderer, renderCustom, type RenderedElements } from '../cards/custom-renderer.js';
import { renderToolCallOnce, toolCallCardData, type ToolCallCardData, type ToolCallCardOptions } from '../cards/tool-call/render-tool-call.js';
import { toolSourceBadges } from '../cards/tool-call/render-tool-source.js';
import { toolRenderContext, type ToolCallRenderer } from '../cards/tool-call/tool-render-context.js';
import { LazyModule, type LazyParts } from '../parts/lazy-part.js';
import { renderApprovalFallback, renderPartLoading } from '../parts/render-lazy-part.js';
import type { ApprovalFocusController } from './approval-focus-controller.js';

// Loaded when a call first waits for approval (its schema form when a person first edits arguments).
const approvalPart = new LazyModule('approval', () => import('../cards/approval/approval-part.js'));
const approvalEditForm = new LazyModule('approval-edit-form', () => import('../cards/approval/approval-edit-form.js'));

/** What the tool cards need from the element. */
export interface ToolCardsControllerOptions {
  loop(): AgentRunLoop | undefined;
  /** The registry whose tools' titles and source badges the cards show. */
  registry(): ToolRegistry;
  /** The element's `renderers`. */
  renderers(): Record<string, ToolCallRenderer> | undefined;
  lazy: LazyParts;
  /** Custom elements made for renderers given by tag name (shared with the activity cards). */
  rendered: RenderedElements;
  /** One update next frame. */
  requestFrameUpdate(): void;
}

/**
 * Renders tool call cards (`renderCard`) and answers their buttons. Call `sync()` in `willUpdate` so that the focus
 * move to new approval cards (loaded with the approval card) sees the first update after the load.
 */
export class ToolCardsController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: ToolCardsControllerOptions;
  /** Approval cards whose arguments the person is editing, by toolCallId. */
  readonly #edits = new Map<string, ArgumentsEdit>();
  /** Focus on new approval cards, once the approval card's module loaded. */
  #approvalFocus: ApprovalFocusController | undefined;
  /** Whether a card rendered in this update counts down to a retry. */
  #countdown = false;
  #countdownTimer: ReturnType<typeof setTimeout> | undefined;
  /** The cards' options of this update (one clock reading per frame). */
  #cardOptions: ToolCallCardOptions | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, options: ToolCardsControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** Makes the approval cards' focus controller once their module has loaded. */
  sync(): void {
    const approval = approvalPart.module;
    if (!this.#approvalFocus && approval) this.#approvalFocus = new approval.ApprovalFocusController(this.#host);
  }

  /** Forgets the edits in progress (a new conversation). */
  clear(): void {
    this.#edits.clear();
  }

  hostUpdate(): void {
    this.#countdown = false;
    this.#cardOptions = { ...this.#handlers, now: Date.now() };
  }

  hostUpdated(): void {
    this.#scheduleCountdown(this.#countdown);
  }

  hostDisconnected(): void {
    this.#scheduleCountdown(false);
  }

  /** The card of one tool call (as its message holds it), from its record. */
  renderCard = (toolCall: ToolCall): unknown => {
    const loop = this.#options.loop();
    const record = loop?.toolCalls.get(toolCall.id);
    const data = toolCallCardData(toolCall, record, loop?.decisions);
    const tool = this.#options.registry().get(data.toolCallName);
    const badges = toolSourceBadges(tool);
    if (badges) data.badges = badges;
    const title = tool?.metadata?.title;
    if (typeof title === 'string') data.title = title;
    const edit = this.#edits.get(toolCall.id);
    if (edit && data.approval?.editable) data.edit = edit;
    if (data.approval) {
      this.#options.lazy.use(approvalPart);
      data.approvalPart = this.#options.lazy.status(approvalPart);
    }
    if (data.retry) this.#countdown = true;
    const options = this.#cardOptions ?? { ...this.#handlers, now: Date.now() };
    const renderer = this.#toolRenderer(data.toolCallName);
    if (!renderer || !record) return renderToolCallOnce(data, options);
    return renderToolCallOnce(data, options, {
      renderer,
      render: () => renderCustom(renderer, toolRenderContext(record, loop?.decisions), record.toolCallId, 'toolCall', this.#options.rendered, 'tool call'),
    });
  };

  /** The renderer of a tool's calls: `renderers[name]`, else the tool's own `render`, else a `renderers` pattern. */
  #toolRenderer(name: string): ToolCallRenderer | undefined {
    const renderers = this.#options.renderers();
    if (renderers && typeof renderers === 'object' && Object.hasOwn(renderers, name)) return findRenderer(renderers, name);
    const own = this.#options.loop()?.registry.get(name)?.render as ToolCallRenderer | undefined;
    return own ?? findRenderer(renderers, name);
  }

  /** The approval card of a call waiting for approval: the lazily loaded card, its placeholder, or plain Approve / Deny. */
  #renderApproval = (data: ToolCallCardData & { approval: ToolApprovalView }): unknown => {
    const module = this.#options.lazy.use(approvalPart);
    if (module) return module.renderToolApproval(data.toolCallId, data.toolCallName, data.approval, this.#handlers, data.edit);
    if (this.#options.lazy.status(approvalPart) === 'failed') return renderApprovalFallback(data.toolCallId, data.toolCallName, this.#handlers);
    return renderPartLoading('Loading the approval…');
  };

  /** The handlers of every tool call card (stable: a card re-renders only when its call changed). */
  readonly #handlers: Omit<ToolCallCardOptions, 'now'> = {
    onCancel: (event, toolCallId) => this.#onCancel(event, toolCallId),
    onApprove: (event, toolCallId, remember?: ApprovalScope) =>
      this.#answer(event, toolCallId, (loop) => loop.approveToolCall(toolCallId, remember ? { remember } : {})),
    onDeny: (event, toolCallId, reason) => this.#answer(event, toolCallId, (loop) => loop.denyToolCall(toolCallId, reason)),
    onEdit: (event, toolCallId, editing) => this.#onEdit(event, toolCallId, editing),
    onEditInput: (_event, toolCallId, text) => this.#setEditText(toolCallId, text),
    onApproveEdited: (event, toolCallId) => this.#onApproveEdited(event, toolCallId),
    onEditMode: (_event, toolCallId, mode) => this.#onEditMode(toolCallId, mode),
    renderEditForm: (toolCallId, toolCallName, edit) => this.#renderEditForm(toolCallId, toolCallName, edit),
    renderApproval: (data) => this.#renderApproval(data),
  };

  /**
   * "Edit arguments" / "Cancel editing": the approval card switches to an editor of the shown arguments (the form
   * generated from the tool's schema, loaded on first use, else JSON text), or back.
   */
  #onEdit(event: Event, toolCallId: string, editing: boolean): void {
    const card = (event.currentTarget as HTMLElement | null)?.closest<HTMLElement>('.tool-call');
    // The field (or the card) keeps the focus once the card has re-rendered.
    const focus = (): void =>
      void this.#host.updateComplete.then(() =>
        requestAnimationFrame(() => (card?.querySelector<HTMLElement>(editing ? '.tool-approval-form [part~="field-input"], .tool-approval-edit' : '.tool-approval-edit-button') ?? card)?.focus()),
      );
    if (!editing) {
      this.#edits.delete(toolCallId);
      this.#options.requestFrameUpdate();
      focus();
      return;
    }
    void approvalEditForm.load().then(() => {
      const loop = this.#options.loop();
      const record = loop?.toolCalls.get(toolCallId);
      // Answered (or gone) while the form loaded: nothing to edit any more.
      if (!loop || record?.status !== 'awaiting_approval' || this.#edits.has(toolCallId)) return;
      const check = approvalPart.module?.checkEditedArguments;
      if (!check) return;
      const args = record.approval?.args;
      const edit = check(JSON.stringify(args ?? {}, null, 2), args, loop.registry.get(record.toolCallName)?.schema);
      this.#edits.set(toolCallId, { ...edit, mode: 'form' });
      this.#options.requestFrameUpdate();
      focus();
    });
  }

  /** The edited arguments as typed: checked against the tool's schema, and what they change. */
  #setEditText(toolCallId: string, text: string): void {
    const loop = this.#options.loop();
    const record = loop?.toolCalls.get(toolCallId);
    const check = approvalPart.module?.checkEditedArguments;
    if (!loop || !record || !check) return;
    const { mode, touched } = this.#edits.get(toolCallId) ?? {};
    const edit = check(text, record.approval?.args, loop.registry.get(record.toolCallName)?.schema);
    this.#edits.set(toolCallId, { ...edit, mode, ...(touched !== undefined && { touched }) });
    this.#options.requestFrameUpdate();
  }

  /** The "Form" / "JSON" toggle of an edit (Form only once the JSON text is an object: `edit.value`). */
  #onEditMode(toolCallId: string, mode: 'form' | 'json'): void {
    const edit = this.#edits.get(toolCallId);
    if (!edit || (mode === 'form' && edit.value === undefined)) return;
    this.#edits.set(toolCallId, { ...edit, mode });
    this.#options.requestFrameUpdate();
  }

  /** The form of an edit, when its module is loaded and can express the tool's schema; each change checked as JSON. */
  #renderEditForm(toolCallId: string, toolCallName: string, edit: ArgumentsEdit): TemplateResult | undefined {
    const module = approvalEditForm.module;
    const schema = module?.formSchemaOf(this.#options.loop()?.registry.get(toolCallName)?.schema);
    if (!module || !schema) return undefined;
    return module.renderApprovalEditForm(
      toolCallId,
      schema,
      edit,
      (value) => this.#setEditText(toolCallId, JSON.stringify(value, null, 2)),
      (key) => this.#touch(toolCallId, key),
    );
  }

  /** The person left (or changed) the form's field `key`: from now on it shows its message. */
  #touch(toolCallId: string, key: string): void {
    const edit = this.#edits.get(toolCallId);
    if (!edit || edit.touched === 'all' || edit.touched?.includes(key)) return;
    this.#edits.set(toolCallId, { ...edit, touched: [...(edit.touched ?? []), key] });
    this.#options.requestFrameUpdate();
  }

  #onApproveEdited(event: Event, toolCallId: string): void {
    const edit = this.#edits.get(toolCallId);
    if (!edit) return;
    if (edit.error !== undefined) {
      // An attempt while the form is invalid: every field shows its message, and focus goes to the first.
      if (edit.mode === 'json') return;
      const card = (event.currentTarget as HTMLElement | null)?.closest<HTMLElement>('.tool-call');
      this.#edits.set(toolCallId, { ...edit, touched: 'all' });
      this.#options.requestFrameUpdate();
      // After the frame update requested above (an earlier animation frame callback) has rendered the messages.
      requestAnimationFrame(() => void this.#host.updateComplete.then(() => card?.querySelector<HTMLElement>('.tool-approval-form [aria-invalid="true"]')?.focus()));
      return;
    }
    const args = JSON.parse(edit.text) as Record<string, unknown>;
    this.#edits.delete(toolCallId);
    this.#answer(event, toolCallId, (loop) => loop.approveToolCall(toolCallId, { args }));
  }

  /** Answers an approval card; focus goes to the next card still asking, else to this call's card. */
  #answer(event: Event, toolCallId: string, answer: (loop: AgentRunLoop) => boolean): void {
    const card = (event.currentTarget as HTMLElement | null)?.closest<HTMLElement>('.tool-call');
    const loop = this.#options.loop();
    if (loop) answer(loop);
    (this.#approvalFocus?.nextCard(toolCallId) ?? card)?.focus();
    this.#options.requestFrameUpdate();
  }

  #onCancel(event: Event, toolCallId: string): void {
    const card = (event.currentTarget as HTMLElement | null)?.closest<HTMLElement>('.tool-call');
    this.#options.loop()?.cancelToolCall(toolCallId);
    // The Cancel button goes away with the status; keep focus on its card rather than losing it to <body>.
    card?.focus();
    this.#options.requestFrameUpdate();
  }

  /** While a retry countdown shows, update when its displayed second changes. */
  #scheduleCountdown(active: boolean): void {
    clearTimeout(this.#countdownTimer);
    this.#countdownTimer = undefined;
    if (!active || !this.#host.isConnected) return;
    this.#countdownTimer = setTimeout(() => {
      this.#countdownTimer = undefined;
      this.#options.requestFrameUpdate();
    }, 1000 - (Date.now() % 1000) + 10);
  }
}
