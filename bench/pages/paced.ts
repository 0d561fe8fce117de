/**
 * Figure 6, a reply paced at a model's rate, shown by `<ag-ui-agent url>` (markdown, as it streams). `mount()` puts
 * the element in the page; `reply()` sends a message and waits for the paint after the whole reply is rendered.
 * Frames dropped meanwhile are counted (`FrameGaps`); the runner measures main-thread and renderer CPU time.
 * @module
 */
import '../../web/src/index.js';
import type { AgUiAgent } from '../../web/src/index.js';
import { afterPaint, defineBenchmarks, FrameGaps, mountAgent, renderedLength } from './shared.js';

interface PacedParams {
  /** Path of the paced stream, e.g. `/api/test/stream-bench?n=1500&size=4&tools=0&rate=60`. */
  url: string;
  /** `textContent.trim().length` of the whole text rendered as markdown. */
  expectedRendered: number;
}

const stage = document.getElementById('stage')!;
let el: AgUiAgent | undefined;

defineBenchmarks({
  /** Not measured: the element, connected and painted. */
  async mount(params) {
    const { url } = params as unknown as PacedParams;
    el = await mountAgent(stage, url);
    return null;
  },

  /** The reply, from `sendMessage()` to the paint after the whole reply is rendered. */
  async reply(params) {
    const { expectedRendered } = params as unknown as PacedParams;
    if (!el) throw new Error('mount() first');
    let runError: unknown;
    el.addEventListener('ag-ui-run-error', (event) => (runError = (event as CustomEvent<{ message: string }>).detail.message));
    const frames = new FrameGaps();
    frames.start();
    const start = performance.now();
    await el.sendMessage('Stream the benchmark reply, please.');
    if (runError !== undefined) throw new Error(`element run failed: ${String(runError)}`);
    const rendered = await renderedLength(el, expectedRendered, start);
    await afterPaint();
    const ms = performance.now() - start;
    const gaps = frames.stop();
    if (rendered !== expectedRendered) throw new Error(`element rendered text length: expected ${expectedRendered}, got ${rendered}`);
    return { ms, ...gaps };
  },
});
