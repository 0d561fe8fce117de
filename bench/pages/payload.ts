/**
 * Figure 7, huge tool payloads: `<ag-ui-agent url>` receives one backend tool call whose arguments are very large
 * (megabytes, in fragments) or arrive one character per delta; the page records main-thread long tasks from
 * `sendMessage()` to the paint after the call's card shows its result.
 * @module
 */
import '../../web/src/index.js';
import type { AgUiAgent } from '../../web/src/index.js';
import { afterPaint, defineBenchmarks, FrameGaps, LongTasks, mountAgent, nextFrame } from './shared.js';

interface PayloadParams {
  /** Path of the stream, e.g. `/api/test/stream-bench?n=1&tools=1&argsBytes=6000000&argsDelta=65536`. */
  url: string;
  /** Characters of the call's arguments (checked against the record). */
  argsLength: number;
  /** Whether a page listener reads each `ag-ui-tool-call-args` event's `partialArgs` (a live preview of the arguments). */
  readPartialArgs?: boolean;
}

const stage = document.getElementById('stage')!;

/** Sends a message and waits for the paint after the (only) tool card shows its result. */
async function reply(el: AgUiAgent, start: number): Promise<Element> {
  let runError: unknown;
  el.addEventListener('ag-ui-run-error', (event) => (runError = (event as CustomEvent<{ message: string }>).detail.message));
  await el.sendMessage('Call the tool with the big arguments, please.');
  if (runError !== undefined) throw new Error(`element run failed: ${String(runError)}`);
  let card: Element | null = null;
  while (!(card = el.shadowRoot!.querySelector('.tool-call[data-status="succeeded"]'))) {
    if (performance.now() - start > 120_000) throw new Error('the tool card never showed its result');
    await nextFrame();
  }
  await afterPaint();
  return card;
}

defineBenchmarks({
  /**
   * One unmeasured reply with a small tool call in a first element (the page's first markdown and card renders compile
   * marked's rules and Lit's templates: figure 1's cold first reply, not this figure's subject), then a fresh element
   * and the measured run: long tasks, wall time, the element's renders and the animation frames from `sendMessage()` to
   * the paint after its card shows the result.
   */
  async payload(params) {
    const { url, argsLength, readPartialArgs } = params as unknown as PayloadParams;
    const warm = await mountAgent(stage, '/api/test/stream-bench?n=50&tools=1');
    await reply(warm, performance.now());
    warm.remove();
    const el = await mountAgent(stage, url);
    // The element's renders (a controller's `hostUpdated` runs once per update): once per frame, not per delta.
    let renders = 0;
    el.addController({ hostUpdated: () => renders++ });
    const frames = new FrameGaps();
    let argsEvents = 0;
    el.addEventListener('ag-ui-tool-call-args', (event) => {
      argsEvents++;
      if (readPartialArgs) void event.detail.partialArgs;
    });
    const tasks = new LongTasks();
    tasks.start();
    frames.start();
    const start = performance.now();
    const card = await reply(el, start);
    const ms = performance.now() - start;
    const long = tasks.stop();
    const { frames: frameCount } = frames.stop();
    const record = el.toolCalls.values().next().value;
    if (record?.argsText.length !== argsLength) throw new Error(`arguments: expected ${argsLength} characters, got ${record?.argsText.length}`);
    const shown = card.querySelector('[part~="tool-call-args"]')?.textContent?.length ?? 0;
    return { ms, ...long, argsEvents, renders, frames: frameCount, shownArgsChars: shown };
  },
});
