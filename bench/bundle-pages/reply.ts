// Shared by the bundle pages: `window.bench.reply({ url })` streams a markdown reply from the benchmark server into
// the page's element and resolves with the rendered HTML, so that every JS file needed to render one is loaded.

/**
 * Installs `window.bench.reply`: calls `send(url)`, then polls once per animation frame (10 s at most) until
 * `renderedHtml()` contains the reply's code block, and resolves with it ('' if it never appears).
 */
export function installReply(send: (url: string) => Promise<void>, renderedHtml: () => string): void {
  (window as unknown as { bench: Record<string, (params: { url: string }) => Promise<unknown>> }).bench = {
    async reply({ url }) {
      await send(url);
      // Rendering may wait for an animation frame.
      for (const start = performance.now(); performance.now() - start < 10_000; ) {
        await new Promise(requestAnimationFrame);
        const html = renderedHtml();
        if (html.includes('</code>')) return html;
      }
      return '';
    },
  };
}
