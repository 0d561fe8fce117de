// Figure 4: a page that uses <ag-ui-agent> with its defaults, as a consumer would (`import 'ag-ui-lit'`: here the
// barrel, web/src/index.ts, with the package's `sideEffects` applied by the bundle build). `window.bench.reply()`
// lets the runner stream a markdown reply into it, so that every JS file needed to render one is loaded and counted.
import type { AgUiAgent } from '../../../web/src/index.js';
import '../../../web/src/index.js';
import { installReply } from '../reply.js';

const el = document.querySelector('ag-ui-agent') as AgUiAgent;

installReply(
  async (url) => {
    el.url = url;
    await el.sendMessage('Reply in markdown, please.');
  },
  () => el.shadowRoot?.querySelector('.message.assistant .message-content')?.innerHTML ?? '',
);
