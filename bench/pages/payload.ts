/**
 * Figure 7, huge tool payloads: `<ag-ui-agent url>` receives one backend tool call whose arguments are very large
 * (megabytes, in fragments) or arrive one character per delta; the page records main-thread long tasks from
 * `sendMessage()` to the paint after the call's card shows its result.
 * @module
 */
import '../../web/src/index.js';
import type { AgUiAgent } from '../../web/src/index.js';
import { afterPaint, defineBenchmarks, LongTasks, nextFrame, sleep } from './shared.js';

interface PayloadParams {
  /** Path of the stream, e.g. `/api/test/stream-bench?n=1&tools=1&argsBytes=6000000&argsDelta=65536`. */
  url: string;
  /** Characters of the call's arguments (checked against the record). */
  argsLength: number;
}

const stage = document.getElementById('stage')!;

defineBenchmarks({
  /** A fresh element, mounted and painted, 1 s idle (not measured), then the run: long tasks and wall time until its card is done. */
  async payload(params) {
    const { url, argsLength } = params as unknown as PayloadParams;
    const el = document.createElement('ag-ui-agent') as AgUiAgent;
    el.style.height = '600px';
    el.url = url;
    stage.append(el);
    await el.updateComplete;
    await afterPaint();
    // A person types before sending: the element's idle-time warm-up (markdown) has run by then, as in figure 6.
    await sleep(1000);
    let runError: unknown;
    el.addEventListener('ag-ui-run-error', (event) => (runError = (event as CustomEvent<{ message: string }>).detail.message));
    let argsEvents = 0;
    el.addEventListener('ag-ui-tool-call-args', () => argsEvents++);
    const tasks = new LongTasks();
    tasks.start();
    const start = performance.now();
    await el.sendMessage('Call the tool with the big arguments, please.');
    if (runError !== undefined) throw new Error(`element run failed: ${String(runError)}`);
    let card: Element | null = null;
    while (!(card = el.shadowRoot!.querySelector('.tool-call[data-status="succeeded"]'))) {
      if (performance.now() - start > 120_000) throw new Error('the tool card never showed its result');
      await nextFrame();
    }
    await afterPaint();
    const ms = performance.now() - start;
    const long = tasks.stop();
    const record = el.toolCalls?.values().next().value as { argsText: string } | undefined;
    if (record && record.argsText.length !== argsLength) throw new Error(`arguments: expected ${argsLength} characters, got ${record.argsText.length}`);
    const shown = card.querySelector('[part~="tool-call-args"]')?.textContent?.length ?? 0;
    return { ms, ...long, argsEvents, shownArgsChars: shown };
  },
});
