/**
 * Loads the approval card's form (`approval-edit-form.ts`) on first use, so the main entry does not carry it.
 * @module
 * @internal
 */
import type * as ApprovalEditForm from './approval-edit-form.js';

/** The lazily loaded module. */
export type ApprovalEditFormModule = typeof ApprovalEditForm;

let loaded: ApprovalEditFormModule | undefined;
let loading: Promise<ApprovalEditFormModule | undefined> | undefined;

/** The form's module once loaded, else `undefined`. */
export function approvalEditForm(): ApprovalEditFormModule | undefined {
  return loaded;
}

/**
 * Loads the form's module (once; later calls share the first). Never rejects: when the chunk cannot be loaded (a
 * network error, a CSP), it resolves `undefined` and the card offers the JSON editor only; a later call tries again.
 */
export function loadApprovalEditForm(): Promise<ApprovalEditFormModule | undefined> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('./approval-edit-form.js').then(
    (module) => (loaded = module),
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}
