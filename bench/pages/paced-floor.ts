/**
 * Figure 6, the floor of a paced reply: no framework. The page fetches the `stream-bench` run (paced at a model's
 * rate), splits the SSE frames and parses them by hand, and appends each text delta to one text node as it arrives:
 * the least work any page can do to show a reply as it streams. Frames dropped meanwhile are counted (`FrameGaps`).
 * @module
 */
import { afterPaint, defineBenchmarks, FrameGaps, readSseEvents } from './shared.js';

interface PacedParams {
  /** Path of the paced stream, e.g. `/api/test/stream-bench?n=1500&size=4&tools=0&rate=60`. */
  url: string;
  /** Characters of text the stream carries. */
  expectedText: number;
}

const stage = document.getElementById('stage')!;
let output: Text | undefined;

defineBenchmarks({
  /** Not measured: the node the reply goes into, in a block that keeps line breaks (as a chat's text would). */
  async mount() {
    const block = document.createElement('div');
    block.style.whiteSpace = 'pre-wrap';
    output = document.createTextNode('');
    block.append(output);
    stage.append(block);
    await afterPaint();
    return null;
  },

  /** The reply, from the request to the paint after its last delta. */
  async reply(params) {
    const { url, expectedText } = params as unknown as PacedParams;
    if (!output) throw new Error('mount() first');
    const frames = new FrameGaps();
    frames.start();
    const start = performance.now();
    const node = output;
    await readSseEvents(url, (event) => {
      if (event.type === 'TEXT_MESSAGE_CONTENT') node.appendData(event.delta!);
    });
    await afterPaint();
    const ms = performance.now() - start;
    const gaps = frames.stop();
    if (output.length !== expectedText) throw new Error(`floor text length: expected ${expectedText}, got ${output.length}`);
    return { ms, ...gaps };
  },
});
