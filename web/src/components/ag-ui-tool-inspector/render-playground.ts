import { html, nothing, type TemplateResult } from 'lit';
import type { ToolDecision } from '../../tools/tool-policy.js';
import { redactExecutionResult, redactToolArgs } from '../../tools/tool-redaction.js';
import type { JSONSchema, RegisteredTool, ToolExecutionResult, ToolRedaction } from '../../tools/types.js';
import type { PlaygroundFixture } from './fixtures.js';
import { renderSchemaForm, type SchemaFormContext } from '../../internal/render-schema-form.js';

/** What the last Run (or dry run) of the playground ended with. */
export type PlaygroundOutcome =
  | { kind: 'refused'; toolName: string; /** Why nothing ran: `policy_denied`, the run loop's code. */ code: string }
  | { kind: 'dry-run'; toolName: string; decision: ToolDecision; valid: boolean; parsed?: unknown }
  | { kind: 'result'; toolName: string; toolCallId: string; args: unknown; result: ToolExecutionResult; matches?: boolean };

/** Where the playground is between Run and its outcome. */
export type PlaygroundPhase = 'idle' | 'confirm' | 'running';

/** What the Playground panel shows. */
export interface PlaygroundView {
  toolNames: readonly string[];
  tool: RegisteredTool | undefined;
  schema: JSONSchema | undefined;
  form: SchemaFormContext;
  decision: ToolDecision | undefined;
  /** The redaction in force for the tool's calls: what the outcome and the fixtures show goes through it. */
  redaction: ToolRedaction | undefined;
  dryRun: boolean;
  phase: PlaygroundPhase;
  outcome: PlaygroundOutcome | undefined;
  /** Saved fixtures of the selected tool, with their index in the whole list. */
  fixtures: ReadonlyArray<{ fixture: PlaygroundFixture; index: number }>;
  /** A short note after a fixture action (saved, copied). */
  notice: string | undefined;
  idPrefix: string;
}

export interface PlaygroundHandlers {
  onSelectTool(toolName: string): void;
  onDryRun(on: boolean): void;
  onRun(): void;
  onApprove(): void;
  onCancelApproval(): void;
  onCancelRun(): void;
  onResetForm(): void;
  onSaveFixture(): void;
  onLoadFixture(index: number): void;
  onReplayFixture(index: number): void;
  onCopyTest(index: number): void;
  onDeleteFixture(index: number): void;
}

const DECISION_TEXT: Record<ToolDecision, string> = {
  allow: 'The policy allows this call.',
  require_approval: 'The policy asks for approval before this call runs.',
  deny: 'The policy denies this tool: Run is refused.',
};

/** A tool's result text, pretty-printed when it is JSON. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * What the last Run ended with. A validation failure whose messages the form shows at its fields (`formShowsIssues`)
 * points to them instead of listing them a second time.
 */
function renderOutcome(outcome: PlaygroundOutcome | undefined, redaction: ToolRedaction | undefined, formShowsIssues = false): TemplateResult | typeof nothing {
  if (!outcome) return nothing;
  switch (outcome.kind) {
    case 'refused':
      return html`<div part="outcome outcome-refused" data-kind="refused" data-code=${outcome.code}>
        <strong>Refused (${outcome.code}).</strong> The policy denies <code>${outcome.toolName}</code>; its handler was not
        called.
      </div>`;
    case 'dry-run':
      return html`<div part="outcome outcome-dry-run" data-kind="dry-run">
        <strong>Dry run:</strong> ${outcome.valid ? 'the arguments are valid' : 'the arguments are not valid'};
        ${DECISION_TEXT[outcome.decision]} The handler was not called.
        ${outcome.valid ? html`<pre part="code">${JSON.stringify(redactToolArgs(redaction, outcome.parsed), null, 2)}</pre>` : nothing}
      </div>`;
    case 'result': {
      const result = redactExecutionResult(redaction, outcome.result);
      const replay =
        outcome.matches === undefined
          ? nothing
          : html`<p part="replay" data-matches=${String(outcome.matches)}>
              ${outcome.matches ? 'Replay gave the saved outcome.' : 'Replay gave a different outcome than the fixture.'}
            </p>`;
      if (!result.success && result.error.category === 'validation' && formShowsIssues) {
        return html`<div part="outcome outcome-error" data-kind="error">
          <strong>Failed: validation</strong> ${replay}
          <p part="error-message">The arguments are not valid: see the messages at the fields above.</p>
        </div>`;
      }
      return result.success
        ? html`<div part="outcome outcome-success" data-kind="success">
            <strong>Succeeded</strong> (<code>${outcome.toolCallId}</code>) ${replay}
            <pre part="code result">${pretty(result.result)}</pre>
          </div>`
        : html`<div part="outcome outcome-error" data-kind="error">
            <strong>Failed: ${result.error.category}${result.error.code ? ` (${result.error.code})` : ''}</strong> ${replay}
            <p part="error-message">${result.error.message}</p>
            ${result.error.validationErrors?.length
              ? html`<ul>
                  ${result.error.validationErrors.map((issue) => html`<li>${issue.path.join('.') || '(root)'}: ${issue.message}</li>`)}
                </ul>`
              : nothing}
          </div>`;
    }
  }
}

function renderFixtures(view: PlaygroundView, handlers: PlaygroundHandlers): TemplateResult {
  // Not for a redacted tool: localStorage would keep what redaction keeps from the page.
  const canSave = view.outcome?.kind === 'result' && view.redaction === undefined;
  const headingId = `${view.idPrefix}-fixtures`;
  return html`<section part="fixtures" aria-labelledby=${headingId}>
    <strong part="heading" id=${headingId}>Fixtures</strong>
    <button type="button" part="button save-fixture" ?disabled=${!canSave} @click=${handlers.onSaveFixture}>
      Save last run as fixture
    </button>
    ${view.notice ? html`<span part="notice" role="status">${view.notice}</span>` : nothing}
    ${view.fixtures.length
      ? html`<ul part="fixture-list">
          ${view.fixtures.map(
            ({ fixture, index }, position) => html`<li part="fixture" data-index=${index}>
              <span part="fixture-label"
                >#${position + 1} ${fixture.result.success ? 'succeeded' : `failed (${fixture.result.error.category})`}
                <code>${JSON.stringify(redactToolArgs(view.redaction, fixture.args))}</code></span
              >
              <button type="button" part="button load-fixture" aria-label=${`Load fixture ${position + 1}`} @click=${() => handlers.onLoadFixture(index)}>
                Load
              </button>
              <button type="button" part="button replay-fixture" aria-label=${`Replay fixture ${position + 1}`} @click=${() => handlers.onReplayFixture(index)}>
                Replay
              </button>
              <button type="button" part="button copy-test" aria-label=${`Copy test of fixture ${position + 1}`} @click=${() => handlers.onCopyTest(index)}>
                Copy test
              </button>
              <button type="button" part="button delete-fixture" aria-label=${`Delete fixture ${position + 1}`} @click=${() => handlers.onDeleteFixture(index)}>
                Delete
              </button>
            </li>`,
          )}
        </ul>`
      : html`<p part="empty">No fixtures saved for this tool.</p>`}
  </section>`;
}

/** The Playground panel: pick a tool, fill the form its schema gives, Run (through the policy and the manager). */
export function renderPlayground(view: PlaygroundView, handlers: PlaygroundHandlers): TemplateResult {
  if (view.toolNames.length === 0) return html`<p part="empty">No tools to try.</p>`;
  const selectId = `${view.idPrefix}-playground-tool`;
  const dryRunId = `${view.idPrefix}-dry-run`;
  const tool = view.tool;
  return html`<div part="playground-toolbar">
      <label for=${selectId}>Tool</label>
      <select part="tool-select" id=${selectId} @change=${(e: Event) => handlers.onSelectTool((e.target as HTMLSelectElement).value)}>
        ${view.toolNames.map((name) => html`<option value=${name} ?selected=${tool?.name === name}>${name}</option>`)}
      </select>
    </div>
    ${tool && view.schema
      ? html`<p part="tool-description">${tool.description}</p>
          ${view.decision ? html`<p part="decision" data-decision=${view.decision}>${DECISION_TEXT[view.decision]}</p>` : nothing}
          <form
            part="form"
            novalidate
            aria-label=${`Arguments of ${tool.name}`}
            @submit=${(e: Event) => {
              e.preventDefault();
              handlers.onRun();
            }}
          >
            ${renderSchemaForm(view.form, view.schema)}
            <div part="form-actions">
              <label part="dry-run"
                ><input
                  id=${dryRunId}
                  type="checkbox"
                  .checked=${view.dryRun}
                  @change=${(e: Event) => handlers.onDryRun((e.target as HTMLInputElement).checked)}
                />
                Dry run (validate and decide; do not call the handler)</label
              >
              <button type="submit" part="button run" ?disabled=${view.phase !== 'idle'}>${view.dryRun ? 'Check' : 'Run'}</button>
              ${view.phase === 'running'
                ? html`<button type="button" part="button cancel-run" @click=${handlers.onCancelRun}>Cancel</button>`
                : nothing}
              <button type="button" part="button reset-form" @click=${handlers.onResetForm}>Reset form</button>
            </div>
          </form>
          ${view.phase === 'confirm'
            ? html`<div part="approval" role="group" aria-label="Approval">
                <p>Run <code>${tool.name}</code> (<em>${tool.effect}</em>) with these arguments? The policy asks for approval.</p>
                <button type="button" part="button approve" @click=${handlers.onApprove}>Approve and run</button>
                <button type="button" part="button deny" @click=${handlers.onCancelApproval}>Cancel</button>
              </div>`
            : nothing}
          ${view.phase === 'running' ? html`<p part="running" role="status">Running…</p>` : nothing}
          <div aria-live="polite">${renderOutcome(view.outcome, view.redaction, view.form.issues.size > 0 && view.form.touched === 'all')}</div>
          ${renderFixtures(view, handlers)}`
      : nothing}`;
}
