import { LitElement, html, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ToolErrorCode } from '../../tools/errors.js';
import type { ToolExecutionManager } from '../../tools/tool-execution-manager.js';
import { decideToolCall, type ToolDecision } from '../../tools/tool-policy.js';
import { redactExecutionResult, redactToolArgs } from '../../tools/tool-redaction.js';
import type { ToolRegistry } from '../../tools/tool-registry.js';
import type { RegisteredTool, ToolExecutionResult } from '../../tools/types.js';
import type { AgUiTheme } from '../ag-ui-agent/ag-ui-agent.js';
import type { CircuitResetDetail, PlaygroundResultDetail } from './ag-ui-tool-inspector.events.js';
import { agUiToolInspectorStyles } from './ag-ui-tool-inspector.styles.js';
import { CallLog, newPlaygroundCallId } from './call-log.js';
import { copyFixtureTest, loadFixtures, plainResult, sameOutcome, saveFixtures, type PlaygroundFixture } from './fixtures.js';
import { InspectorBindingController } from './inspector-binding-controller.js';
import { callsJson, downloadJson, renderCallsPanel } from './render-calls.js';
import { renderPlayground, type PlaygroundOutcome, type PlaygroundPhase } from './render-playground.js';
import type { SchemaFormContext } from '../../internal/render-schema-form.js';
import { renderToolsPanel, type ToolView } from './render-tools.js';
import { toolSchemas, toolViews } from './tool-views.js';
import { initialValue, issuesByPath, pathKey, removeAt, setAt, type FieldPath } from '../../internal/schema-form.js';
import { PLAIN_MESSAGES } from '../../internal/plain-issue-messages.js';

// Re-exported so that the element's declarations carry the `HTMLElementEventMap` augmentation with them.
export type { AgUiToolInspectorEventMap } from './ag-ui-tool-inspector.events.js';

/** The inspector's panels. */
export const InspectorPanel = { TOOLS: 'tools', CALLS: 'calls', PLAYGROUND: 'playground' } as const;
export type InspectorPanel = (typeof InspectorPanel)[keyof typeof InspectorPanel];

const PANELS: ReadonlyArray<{ panel: InspectorPanel; label: string }> = [
  { panel: InspectorPanel.TOOLS, label: 'Tools' },
  { panel: InspectorPanel.CALLS, label: 'Calls' },
  { panel: InspectorPanel.PLAYGROUND, label: 'Playground' },
];

/** Calls rendered at first, and added by each Show more. */
const DEFAULT_PAGE_SIZE = 100;

const EMPTY_ISSUES: ReadonlyMap<string, readonly string[]> = new Map();

let instances = 0;

/**
 * A developer panel for the tools of an `<ag-ui-agent>` (or of any `ToolRegistry` and `ToolExecutionManager`): every
 * tool with its effect, what the policy decides for it, its JSON Schema, statistics and circuit state; a live,
 * filterable timeline of calls; and a playground that runs a tool by hand from a form its schema generates.
 *
 * Bind it with `for` (the id of an `<ag-ui-agent>` in the same document or shadow root: its `registry`, and the calls
 * its `ag-ui-tool-call-end`, `ag-ui-tool-call-error` and `ag-ui-tool-retrying` events report), or with the `registry`
 * and `manager` properties (which win). The playground runs calls through `manager` when given; otherwise through a
 * manager of the inspector's own (statistics still go to the tool's registry). Its calls have `toolCallId`
 * `playground-<uuid>`, apply the registry's policy (a denied tool is refused, `policy_denied`; one that needs approval
 * asks for it inline first, and is decided again when approved: a denial meanwhile wins) and the manager's retries,
 * timeouts and circuit breaker. Dry run validates and decides only.
 *
 * Redaction: the calls shown and exported, the playground's outcome and its event are redacted as the cards redact
 * them (a tool's `redaction`, or everything under a `requireRedaction` policy); no fixture is saved of such a tool.
 *
 * Live: it follows the registry's `tool-registry-change` and the manager's events, and renders at most once per
 * animation frame however many arrive (`updateComplete` waits for that frame). The Calls panel keeps the last 10000
 * calls and renders the newest 100 (Show more adds 100), so a long session keeps the DOM small.
 *
 * Keyboard: the panels are tabs (Arrow Left / Right, Home, End); everything else is a native control.
 *
 * @summary Tools, calls and a playground for the tools of `<ag-ui-agent>`. Import `ag-ui-lit/inspector`.
 *
 * @fires {CustomEvent<PlaygroundResultDetail>} ag-ui-playground-result - A playground Run or dry run finished (also when refused).
 * @fires {CustomEvent<CircuitResetDetail>} ag-ui-circuit-reset - A tool's circuit was reset from the Tools panel.
 *
 * @csspart base - The wrapper of the tabs and panels.
 * @csspart tabs - The tab list.
 * @csspart tab - A tab (also `tab-selected` on the selected one).
 * @csspart panel - A tab panel.
 * @csspart empty - The text of an empty panel or list.
 * @csspart tools - The list of tools.
 * @csspart tool - One tool's item.
 * @csspart tool-header - Its name and badges.
 * @csspart tool-name - Its name (`<code>`; the item's accessible name).
 * @csspart tool-description - Its description (also in the playground).
 * @csspart badge - Every badge (also `effect`, `decision`, `source`, `status`).
 * @csspart stats - A tool's statistics (`<dl>`).
 * @csspart circuit - A tool's circuit state and its buttons.
 * @csspart circuit-state - The state's word (`data-state`: closed, open, half-open).
 * @csspart schema - The collapsible JSON Schema (`<details>`).
 * @csspart code - Every `<pre>` of JSON.
 * @csspart button - Every button (also `reset-circuit`, `try`, `export`, `clear`, `show-more`, `run`, `approve`, `deny`, `cancel-run`, `reset-form`, `add-item`, `remove-item`, `save-fixture`, `load-fixture`, `replay-fixture`, `copy-test`, `delete-fixture`).
 * @csspart calls-toolbar - The Calls panel's filters and buttons.
 * @csspart filter - A filter `<select>`.
 * @csspart calls-count - "Showing n of m calls".
 * @csspart calls - The list of calls, newest first.
 * @csspart call - One call's item (`data-status`).
 * @csspart call-summary - The button that opens the call's record (`aria-expanded`).
 * @csspart call-time - When it started.
 * @csspart call-tool - Its tool.
 * @csspart call-attempts - "attempt n/m".
 * @csspart call-duration - Its duration.
 * @csspart call-origin - Who asked: agent or playground.
 * @csspart call-record - The open call's attempts and full record.
 * @csspart attempts - The list of attempts.
 * @csspart attempt - One attempt: its error, then the backoff before the next one.
 * @csspart backoff - The wait after a failed attempt.
 * @csspart playground-toolbar - The playground's tool picker.
 * @csspart tool-select - The `<select>` of tools.
 * @csspart decision - What the policy decides for the arguments in the form.
 * @csspart form - The generated form.
 * @csspart field - A labelled field.
 * @csspart field-label - Its label.
 * @csspart field-description - A field's description from the schema.
 * @csspart field-input - Its input (also `checkbox`, `select`, `json`).
 * @csspart field-issue - The validation messages of a field.
 * @csspart required - The required mark.
 * @csspart fieldset - A nested object or an array (also `array`).
 * @csspart legend - Its legend.
 * @csspart array-items - An array's items.
 * @csspart array-item - One item.
 * @csspart form-actions - Dry run, Run, Reset form.
 * @csspart dry-run - The Dry run toggle's label.
 * @csspart approval - The inline "Approve and run" confirmation.
 * @csspart running - "Running…".
 * @csspart outcome - The last outcome (also `outcome-success`, `outcome-error`, `outcome-refused`, `outcome-dry-run`).
 * @csspart result - The result text.
 * @csspart error-message - The error's message.
 * @csspart replay - Whether a replay gave the fixture's outcome.
 * @csspart fixtures - The fixtures section.
 * @csspart heading - Its heading.
 * @csspart notice - A short note after a fixture action.
 * @csspart fixture-list - The saved fixtures of the tool.
 * @csspart fixture - One fixture.
 * @csspart fixture-label - Its outcome and arguments.
 *
 * Colours: the `--ag-ui-color-*` properties shared with `<ag-ui-agent>`, light by default, dark under
 * `prefers-color-scheme: dark` unless `theme="light"`; `theme="dark"` forces dark. A page's own values win in both.
 *
 * @cssprop [--ag-ui-font-family=system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif] - Text font.
 * @cssprop [--ag-ui-font-size=0.9375rem] - Base font size.
 * @cssprop [--ag-ui-code-font-family=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - JSON and code.
 * @cssprop [--ag-ui-color-text=#1f2328] - Text.
 * @cssprop [--ag-ui-color-muted=#57606a] - Secondary text.
 * @cssprop [--ag-ui-color-background=#ffffff] - Background.
 * @cssprop [--ag-ui-color-surface=#f6f8fa] - Cards, buttons.
 * @cssprop [--ag-ui-color-border=#d0d7de] - Borders.
 * @cssprop [--ag-ui-color-accent=#0a58ca] - The selected tab, Run, the focus ring.
 * @cssprop [--ag-ui-color-accent-text=#ffffff] - Text on the accent colour.
 * @cssprop [--ag-ui-color-code-background=#eff1f3] - JSON blocks.
 * @cssprop [--ag-ui-color-danger=#b3261e] - Failures, denied, issues.
 * @cssprop [--ag-ui-color-danger-background=#ffebe9] - A failure's background.
 * @cssprop [--ag-ui-color-success=#1a7f37] - Successes, allowed.
 * @cssprop [--ag-ui-color-warning=#8a5a00] - Needs approval, retries, open circuits.
 * @cssprop [--ag-ui-focus-ring=2px solid var(--ag-ui-color-accent)] - Focus outline.
 * @cssprop [--ag-ui-radius=0.5rem] - Corner radius.
 * @cssprop [--ag-ui-spacing=0.75rem] - Base spacing.
 *
 * @example
 * ```html
 * <ag-ui-agent id="chat" url="/api/agent"></ag-ui-agent>
 * <ag-ui-tool-inspector for="chat"></ag-ui-tool-inspector>
 * <script type="module">
 *   import 'ag-ui-lit';
 *   import 'ag-ui-lit/inspector';
 * </script>
 * ```
 */
@customElement('ag-ui-tool-inspector')
export class AgUiToolInspector extends LitElement {
  static override styles = agUiToolInspectorStyles;

  readonly #log = new CallLog();
  readonly #binding = new InspectorBindingController(this, {
    registry: () => this.registry ?? undefined,
    manager: () => this.manager ?? undefined,
    id: () => this.htmlFor,
    log: this.#log,
  });
  readonly #idPrefix = `ti${++instances}`;

  // Calls panel
  @state() private _toolFilter = '';
  @state() private _statusFilter = '';
  @state() private _shown = DEFAULT_PAGE_SIZE;
  @state() private _openCall: string | undefined;

  // Playground
  @state() private _toolName: string | undefined;
  @state() private _args: unknown = {};
  @state() private _issues: ReadonlyMap<string, readonly string[]> = EMPTY_ISSUES;
  @state() private _touched: ReadonlySet<string> | 'all' = new Set(); // see SchemaFormContext.touched
  @state() private _jsonDrafts: ReadonlyMap<string, string> = new Map();
  @state() private _dryRun = false;
  @state() private _phase: PlaygroundPhase = 'idle';
  @state() private _outcome: PlaygroundOutcome | undefined;
  @state() private _fixtures: PlaygroundFixture[] = [];
  @state() private _notice: string | undefined;

  #running: AbortController | undefined;
  /** The replayed fixture's outcome, while its replay waits for approval or runs. */
  #expected: ToolExecutionResult | undefined;
  #focusAfterUpdate: string | undefined;

  /** The id of the `<ag-ui-agent>` to inspect (attribute `for`), looked up in this element's document or shadow root. */
  @property({ attribute: 'for' }) htmlFor = '';

  /** The registry whose tools are shown and tried; wins over the bound element's. */
  @property({ attribute: false }) registry: ToolRegistry | undefined;

  /** The manager whose calls are shown and that the playground runs through; default a manager of the inspector's own. */
  @property({ attribute: false }) manager: ToolExecutionManager | undefined;

  /** The panel shown: `tools` (default), `calls` or `playground`. */
  @property({ reflect: true }) panel: InspectorPanel = InspectorPanel.TOOLS;

  /** `auto` (default) follows `prefers-color-scheme`; `light` or `dark` forces one. */
  @property({ reflect: true }) theme: AgUiTheme = 'auto';

  /** The `localStorage` key of the playground's fixtures (attribute `fixtures-key`). */
  @property({ attribute: 'fixtures-key' }) fixturesKey = 'ag-ui-lit-inspector-fixtures';

  override connectedCallback(): void {
    super.connectedCallback();
    this._fixtures = loadFixtures(this.fixturesKey);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#running?.abort(new DOMException('The inspector was removed', 'AbortError'));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Also on every frame update: the bound element may have been given another registry since.
    this.#binding.bind();
    if (changed.has('fixturesKey') && this.isConnected) this._fixtures = loadFixtures(this.fixturesKey);
    const registry = this.#binding.registry;
    const names = registry?.names ?? [];
    if (this._toolName === undefined || !names.includes(this._toolName)) {
      if (names.length > 0) this.#selectTool(names[0]!);
      else this._toolName = undefined;
    }
  }

  protected override updated(): void {
    if (this.#focusAfterUpdate === undefined) return;
    this.renderRoot.querySelector<HTMLElement>(this.#focusAfterUpdate)?.focus();
    this.#focusAfterUpdate = undefined;
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.#binding.frameDone;
    return done;
  }

  /** The calls shown (every call seen, oldest first, at most 10000) as JSON text: what Export JSON downloads. */
  exportCalls(): string {
    return callsJson(this.#log.all);
  }

  override render(): TemplateResult {
    return html`<div part="base">
      <div part="tabs" role="tablist" aria-label="Tool inspector" @keydown=${this.#onTabKeydown}>
        ${PANELS.map(
          ({ panel, label }) => html`<button
            type="button"
            role="tab"
            part=${panel === this.panel ? 'tab tab-selected' : 'tab'}
            id=${`${this.#idPrefix}-tab-${panel}`}
            aria-selected=${panel === this.panel ? 'true' : 'false'}
            aria-controls=${`${this.#idPrefix}-panel-${panel}`}
            tabindex=${panel === this.panel ? '0' : '-1'}
            data-panel=${panel}
            @click=${() => (this.panel = panel)}
          >
            ${label}${panel === 'calls' && this.#log.size > 0 ? html` <span part="count">${this.#log.size}</span>` : ''}
          </button>`,
        )}
      </div>
      ${PANELS.map(
        ({ panel }) => html`<div
          part="panel"
          role="tabpanel"
          id=${`${this.#idPrefix}-panel-${panel}`}
          aria-labelledby=${`${this.#idPrefix}-tab-${panel}`}
          data-panel=${panel}
          tabindex="0"
          ?hidden=${panel !== this.panel}
        >
          ${panel === this.panel ? this.#renderPanel(panel) : ''}
        </div>`,
      )}
    </div>`;
  }

  #renderPanel(panel: InspectorPanel): TemplateResult {
    if (panel === 'tools') {
      return renderToolsPanel(this.#toolViews(), {
        onResetCircuit: (toolName) => this.#resetCircuit(toolName),
        onTry: (toolName) => {
          this.#selectTool(toolName);
          this.panel = 'playground';
          this.#focusAfterUpdate = '[part~="tool-select"]';
        },
      });
    }
    if (panel === 'calls') return this.#renderCalls();
    return this.#renderPlayground();
  }

  #toolViews(): ToolView[] | undefined {
    const registry = this.#binding.registry;
    return registry ? toolViews(registry, this.#binding.manager, this.#log.all) : undefined;
  }

  #renderCalls(): TemplateResult {
    const calls = this.#log.filtered(this._toolFilter, this._statusFilter);
    const names = new Set(this.#binding.registry?.names ?? []);
    for (const call of this.#log.all) names.add(call.execution.toolName);
    return renderCallsPanel(
      {
        calls,
        total: this.#log.size,
        shown: this._shown,
        toolNames: [...names],
        toolFilter: this._toolFilter,
        statusFilter: this._statusFilter,
        openId: this._openCall,
        idPrefix: this.#idPrefix,
      },
      {
        onToolFilter: (toolName) => {
          this._toolFilter = toolName;
          this._shown = DEFAULT_PAGE_SIZE;
        },
        onStatusFilter: (status) => {
          this._statusFilter = status;
          this._shown = DEFAULT_PAGE_SIZE;
        },
        onShowMore: () => (this._shown += DEFAULT_PAGE_SIZE),
        onToggle: (id) => (this._openCall = this._openCall === id ? undefined : id),
        onExport: () => downloadJson(this.exportCalls(), 'ag-ui-tool-calls.json'),
        onClear: () => {
          this.#log.clear();
          this._openCall = undefined;
          this.requestUpdate();
        },
      },
    );
  }

  #renderPlayground(): TemplateResult {
    const registry = this.#binding.registry;
    const tool = this._toolName === undefined ? undefined : registry?.get(this._toolName);
    const form: SchemaFormContext = {
      value: this._args,
      issues: this._issues,
      touched: this._touched,
      onTouch: (path) => void (this._touched !== 'all' && (this._touched = new Set(this._touched).add(pathKey(path)))),
      jsonDrafts: this._jsonDrafts,
      idPrefix: this.#idPrefix,
      onChange: (path, value) => this.#setArgs(setAt(this._args, path, value)),
      onJsonInput: (path, text) => this.#onJsonInput(path, text),
      onRemoveItem: (path) => this.#setArgs(removeAt(this._args, path)),
    };
    return renderPlayground(
      {
        toolNames: registry?.names ?? [],
        tool,
        schema: tool && registry ? toolSchemas(registry).get(tool.name) : undefined,
        form,
        decision: tool && registry ? decideToolCall(registry.policy, tool, this._args) : undefined,
        redaction: tool && this.#binding.redactionFor(tool.name),
        dryRun: this._dryRun,
        phase: this._phase,
        outcome: this._outcome,
        fixtures: this._fixtures
          .map((fixture, index) => ({ fixture, index }))
          .filter(({ fixture }) => fixture.toolName === tool?.name),
        notice: this._notice,
        idPrefix: this.#idPrefix,
      },
      {
        onSelectTool: (toolName) => this.#selectTool(toolName),
        onDryRun: (on) => (this._dryRun = on),
        onRun: () => this.#run(),
        onApprove: () => {
          if (this._phase === 'confirm' && tool) void this.#execute(tool, this._args);
        },
        onCancelApproval: () => {
          this._phase = 'idle';
          this.#expected = undefined;
          this.#focusAfterUpdate = '[part~="run"]';
        },
        onCancelRun: () => this.#running?.abort(new DOMException('Cancelled in the playground', 'AbortError')),
        onResetForm: () => tool && this.#selectTool(tool.name),
        onSaveFixture: () => this.#saveFixture(),
        onLoadFixture: (index) => this.#loadFixture(index),
        onReplayFixture: (index) => {
          const fixture = this.#loadFixture(index);
          if (!fixture) return;
          this.#expected = fixture.result;
          this.#run();
        },
        onCopyTest: (index) => void this.#copyTest(index),
        onDeleteFixture: (index) => {
          this.#storeFixtures(this._fixtures.filter((_, i) => i !== index));
          this._notice = 'Fixture deleted.';
        },
      },
    );
  }

  #selectTool(toolName: string): void {
    const tool = this.#binding.registry?.get(toolName);
    this._toolName = toolName;
    this._outcome = undefined;
    this._phase = 'idle';
    this._notice = undefined;
    this._jsonDrafts = new Map();
    this._touched = new Set();
    this.#expected = undefined;
    const schema = tool && this.#binding.registry ? toolSchemas(this.#binding.registry).get(toolName) : undefined;
    this.#setArgs(schema ? (initialValue(schema, true) ?? {}) : {});
  }

  #setArgs(args: unknown): void {
    this._args = args;
    const tool = this._toolName === undefined ? undefined : this.#binding.registry?.get(this._toolName);
    if (!tool) {
      this._issues = EMPTY_ISSUES;
      return;
    }
    try {
      const parsed = tool.schema.safeParse(args, PLAIN_MESSAGES);
      this._issues = parsed.success ? EMPTY_ISSUES : issuesByPath(parsed.error.issues);
    } catch {
      // An async schema cannot be checked synchronously; the manager validates it when the tool runs.
      this._issues = EMPTY_ISSUES;
    }
  }

  #onJsonInput(path: FieldPath, text: string): void {
    const key = pathKey(path);
    const drafts = new Map(this._jsonDrafts);
    if (text.trim() === '') {
      drafts.delete(key);
      this._jsonDrafts = drafts;
      this.#setArgs(setAt(this._args, path, undefined));
      return;
    }
    try {
      const value: unknown = JSON.parse(text);
      drafts.delete(key);
      this._jsonDrafts = drafts;
      this.#setArgs(setAt(this._args, path, value));
    } catch {
      drafts.set(key, text);
      this._jsonDrafts = drafts;
      const issues = new Map(this._issues);
      issues.set(key, ['Not valid JSON']);
      this._issues = issues;
    }
  }

  #run(): void {
    const registry = this.#binding.registry;
    const tool = this._toolName === undefined ? undefined : registry?.get(this._toolName);
    if (!registry || !tool || this._phase !== 'idle') return;
    this._touched = 'all'; // an attempt: every field shows its message
    const args = this._args;
    const decision = decideToolCall(registry.policy, tool, args);
    if (this._dryRun) {
      let parsed: { success: boolean; data?: unknown };
      try {
        parsed = tool.schema.safeParse(args);
      } catch {
        parsed = { success: false };
      }
      this._outcome = { kind: 'dry-run', toolName: tool.name, decision, valid: parsed.success, parsed: parsed.data };
      this.#expected = undefined;
      this.#fireResult({ toolName: tool.name, args, decision, dryRun: true });
      return;
    }
    if (decision === 'deny') return this.#refuse(tool.name, args);
    if (decision === 'require_approval') {
      this._phase = 'confirm';
      this._outcome = undefined;
      this.#focusAfterUpdate = '[part~="approve"]';
      return;
    }
    void this.#execute(tool, args);
  }

  async #execute(tool: RegisteredTool, args: unknown): Promise<void> {
    const registry = this.#binding.registry;
    // Decided again right before it runs, as the run loop does: the policy may have changed while the approval was
    // open, and a denial always wins. A tool registered again since is not the one approved: nothing runs.
    if (registry && registry.get(tool.name) !== tool) {
      this._phase = 'idle';
      return;
    }
    const decision: ToolDecision = registry ? decideToolCall(registry.policy, tool, args) : 'allow';
    if (decision === 'deny') return this.#refuse(tool.name, args);
    const expected = this.#expected;
    this.#expected = undefined;
    const toolCallId = newPlaygroundCallId();
    const controller = new AbortController();
    this.#running = controller;
    this._phase = 'running';
    this._outcome = undefined;
    const result = await this.#binding.manager.execute(tool, toolCallId, args, { signal: controller.signal });
    if (this.#running === controller) this.#running = undefined;
    this._phase = 'idle';
    this._outcome = {
      kind: 'result',
      toolName: tool.name,
      toolCallId,
      args,
      result,
      ...(expected ? { matches: sameOutcome(expected, result) } : {}),
    };
    this.#focusAfterUpdate = '[part~="run"]';
    this.#fireResult({ toolName: tool.name, args, decision, dryRun: false, toolCallId, result });
  }

  /** The policy denies the call: nothing runs; the outcome says so with the run loop's code, `policy_denied`. */
  #refuse(toolName: string, args: unknown): void {
    this._phase = 'idle';
    this._outcome = { kind: 'refused', toolName, code: ToolErrorCode.POLICY_DENIED };
    this.#expected = undefined;
    this.#fireResult({ toolName, args, decision: 'deny', dryRun: false });
  }

  #fireResult({ args, result, ...rest }: PlaygroundResultDetail): void {
    // The page hears what the cards would show of the call: redacted as they are.
    const redaction = this.#binding.redactionFor(rest.toolName);
    const detail: PlaygroundResultDetail = { ...rest, args: redactToolArgs(redaction, args) };
    if (result) detail.result = redactExecutionResult(redaction, result);
    const event = new CustomEvent('ag-ui-playground-result', { detail, bubbles: true, composed: true });
    this.dispatchEvent(event);
  }

  #resetCircuit(toolName: string): void {
    this.#binding.manager.resetCircuit(toolName);
    const detail: CircuitResetDetail = { toolName };
    const event = new CustomEvent('ag-ui-circuit-reset', { detail, bubbles: true, composed: true });
    this.dispatchEvent(event);
    this.requestUpdate();
  }

  #storeFixtures(fixtures: PlaygroundFixture[]): boolean {
    this._fixtures = fixtures;
    return saveFixtures(this.fixturesKey, fixtures);
  }

  #saveFixture(): void {
    const outcome = this._outcome;
    // Not for a redacted tool: localStorage would keep what redaction keeps from the page.
    if (outcome?.kind !== 'result' || this.#binding.redactionFor(outcome.toolName)) return;
    const fixture: PlaygroundFixture = {
      toolName: outcome.toolName,
      args: structuredClone(outcome.args),
      result: plainResult(outcome.result),
      savedAt: Date.now(),
    };
    const saved = this.#storeFixtures([...this._fixtures, fixture]);
    this._notice = saved ? 'Fixture saved.' : 'Fixture kept for this page only: localStorage refused it.';
  }

  #loadFixture(index: number): PlaygroundFixture | undefined {
    const fixture = this._fixtures[index];
    if (!fixture) return undefined;
    if (fixture.toolName !== this._toolName) this.#selectTool(fixture.toolName);
    this.#setArgs(structuredClone(fixture.args));
    this._jsonDrafts = new Map();
    this._notice = undefined;
    return fixture;
  }

  async #copyTest(index: number): Promise<void> {
    const fixture = this._fixtures[index];
    if (fixture) this._notice = await copyFixtureTest(fixture, index, this.#binding.redactionFor(fixture.toolName));
  }

  #onTabKeydown = (event: KeyboardEvent): void => {
    const index = PANELS.findIndex(({ panel }) => panel === this.panel);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % PANELS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + PANELS.length) % PANELS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = PANELS.length - 1;
    else return;
    event.preventDefault();
    this.panel = PANELS[next]!.panel;
    this.#focusAfterUpdate = `[role="tab"][data-panel="${this.panel}"]`;
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'ag-ui-tool-inspector': AgUiToolInspector;
  }
}
