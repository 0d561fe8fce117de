// Figure 4: a page that uses <ag-ui-agent> with its defaults, as a consumer would (`import 'ag-ui-lit'`: here the
// barrel, web/src/index.ts, with the package's `sideEffects` applied by the bundle build). `window.bench.reply()`
// lets the runner stream a markdown reply into it, so that every JS file needed to render one is loaded and counted.
import type { AgUiAgent } from '../../../web/src/index.js';
import '../../../web/src/index.js';

const el = document.querySelector('ag-ui-agent') as AgUiAgent;

(window as unknown as { bench: Record<string, (params: { url: string }) => Promise<unknown>> }).bench = {
  async reply({ url }) {
    el.url = url;
    await el.sendMessage('Reply in markdown, please.');
    // Rendering may wait for an animation frame: poll until the reply is in the DOM (10 s at most).
    for (const start = performance.now(); performance.now() - start < 10_000; ) {
      await new Promise(requestAnimationFrame);
      const html = el.shadowRoot?.querySelector('.message.assistant .message-content')?.innerHTML ?? '';
      if (html.includes('</code>')) return html;
    }
    return '';
  },
};
