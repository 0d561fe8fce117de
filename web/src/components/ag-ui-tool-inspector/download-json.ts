/**
 * Offers `text` to the person as a download named `fileName` (`application/json`), through a temporary blob URL.
 * @param text - the file's content (JSON text)
 * @param fileName - the name the browser suggests, e.g. `ag-ui-tool-calls.json`
 */
export function downloadJson(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has its own reference to the blob once started; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url));
}
