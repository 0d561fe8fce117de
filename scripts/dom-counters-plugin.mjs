// A @web/test-runner plugin with the commands a test needs to see what the page keeps alive (through the
// DevTools protocol of the Chromium page that runs the test; Chromium launcher only):
//
//   import { executeServerCommand } from '@web/test-runner-commands';
//   const { nodes, documents, jsEventListeners } = await executeServerCommand('count-dom-nodes');
//
// `count-dom-nodes` collects garbage first (`HeapProfiler.collectGarbage`, twice: a weak callback can free more on the
// second pass), then answers `Memory.getDOMCounters`: the DOM nodes, documents and JS event listeners alive in the
// renderer, attached or not.

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function domCountersPlugin() {
  /** @type {WeakMap<object, Promise<import('puppeteer-core').CDPSession>>} */
  const sessions = new WeakMap();
  const cdp = (page) => {
    let session = sessions.get(page);
    if (!session) {
      session = page.createCDPSession();
      sessions.set(page, session);
    }
    return session;
  };
  return {
    name: 'dom-counters',
    async executeCommand({ command, session }) {
      if (command !== 'count-dom-nodes') return undefined;
      const page = typeof session.browser.getPage === 'function' ? session.browser.getPage(session.id) : undefined;
      if (!page) throw new Error(`count-dom-nodes needs the Chromium launcher (got ${session.browser.type})`);
      const client = await cdp(page);
      await client.send('HeapProfiler.collectGarbage');
      await client.send('HeapProfiler.collectGarbage');
      const { nodes, documents, jsEventListeners } = await client.send('Memory.getDOMCounters');
      return { nodes, documents, jsEventListeners };
    },
  };
}
