// The events of <ag-ui-tool-inspector>, typed once here and carried into every `addEventListener` by the global map.
import type { ToolDecision } from '../../tools/tool-policy.js';
import type { ToolExecutionResult } from '../../tools/types.js';

/** Detail of `ag-ui-playground-result`: what a Run (or a dry run) of the playground ended with. */
export interface PlaygroundResultDetail {
  toolName: string;
  /**
   * The arguments as the form had them (before the tool's schema parsed them); for a tool with a redaction in force
   * (its `redaction`, or the policy's `requireRedaction`), redacted as the cards show them.
   */
  args: unknown;
  /** What the policy decided for the call. */
  decision: ToolDecision;
  /** `true` for a dry run: validated and decided, the handler not called. */
  dryRun: boolean;
  /** The call's `toolCallId` (`playground-<uuid>`); absent when nothing ran (refused, dry run). */
  toolCallId?: string;
  /** The manager's outcome (redacted like `args`); absent when nothing ran. */
  result?: ToolExecutionResult;
}

/** Detail of `ag-ui-circuit-reset`: the tool whose circuit the Reset button closed. */
export interface CircuitResetDetail {
  toolName: string;
}

/** The events `<ag-ui-tool-inspector>` fires. All bubble and are composed. */
export interface AgUiToolInspectorEventMap {
  /** A playground Run or dry run finished (also when the policy refused it). */
  'ag-ui-playground-result': CustomEvent<PlaygroundResultDetail>;
  /** A tool's circuit was reset from the Tools panel. */
  'ag-ui-circuit-reset': CustomEvent<CircuitResetDetail>;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- interface merging is the point
  interface HTMLElementEventMap extends AgUiToolInspectorEventMap {}
}
