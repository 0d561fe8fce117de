/** Old option names already warned about in this page, so each is reported once however often it is passed. */
const warned = new Set<string>();

/**
 * Logs, once per page and per `oldName`, that an option was renamed: the old name still works for this release.
 * Used by the runtime's deprecated aliases (e.g. `RetryConfig.baseDelay` -> `RetryConfig.baseDelayMs`).
 * @param oldName - the deprecated option, as the caller wrote it (e.g. `RetryConfig.baseDelay`)
 * @param newName - the option to use instead (e.g. `RetryConfig.baseDelayMs`)
 * @internal
 */
export function warnDeprecatedOption(oldName: string, newName: string): void {
  if (warned.has(oldName)) return;
  warned.add(oldName);
  console.warn(`ag-ui-lit: ${oldName} is deprecated and will be removed in the next release; use ${newName} (same value, in ms).`);
}
