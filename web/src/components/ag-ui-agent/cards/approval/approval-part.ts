/**
 * The approval card of `<ag-ui-agent>` (`render-tool-approval.ts` and its styles, the check of edited arguments, the
 * focus move to a new card), the entry of a chunk loaded when a call first waits for approval: a page whose tools
 * never ask does not load it.
 * @module
 * @internal
 */
import { toolApprovalStyles } from './render-tool-approval.styles.js';

export { renderToolApproval } from './render-tool-approval.js';
export { checkEditedArguments } from './edited-arguments.js';
export { ApprovalFocusController } from '../../controllers/approval-focus-controller.js';

/** Adopted into the element's shadow root on load (`LazyParts`). */
export const styles = [toolApprovalStyles];
