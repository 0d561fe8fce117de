/**
 * Warm-up samples for the markdown renderer: what the first rendering on a page would otherwise compile inside the
 * first reply's frame, in steps small enough to run one per task.
 *
 * The first rendering on a page runs cold code: DOMPurify's instance (its `DOMParser` document, hooks and config),
 * `marked`'s block and inline rules (regular expressions compiled on first use), and V8's first compilation of both.
 * In the ingest benchmark (README, Performance) that added 20-40 ms to the first frame of the first reply. The work
 * is per page (module state): once every step has run, `runMarkdownWarmUpStep()` does nothing.
 * @module
 * @internal
 */
import { renderMarkdown, sanitizeHtml } from './markdown.js';

/**
 * One sample per step; together they touch every construct the transcript renders. Small on purpose: cold, the
 * first paragraph alone takes ~25 ms on the benchmark machine (every block rule's first use), a list ~10 ms, the
 * others 1-3 ms.
 */
const STEPS: ReadonlyArray<() => unknown> = [
  () => sanitizeHtml('<p><a href="https://example.com/">link</a></p>'),
  () => renderMarkdown('Text.\n'),
  () => renderMarkdown('Some **bold**.\n'),
  () => renderMarkdown('Some _emphasis_.\n'),
  () => renderMarkdown('Some `code`.\n'),
  () => renderMarkdown('A [link](https://example.com/).\n'),
  () => renderMarkdown('# Heading\n'),
  () => renderMarkdown('- one\n- two\n\n1. first\n'),
  () => renderMarkdown('> quote\n'),
  () => renderMarkdown('```js\nconst a = 1;\n```\n'),
  () => renderMarkdown('| a | b |\n| --- | --- |\n| 1 | 2 |\n'),
];

let nextStep = 0;

/**
 * Runs the next warm-up step, if any. Never throws (a failure would show again, and be reported, where the real
 * rendering runs).
 * @returns whether a step ran (`false` once the page is warm)
 */
export function runMarkdownWarmUpStep(): boolean {
  if (nextStep >= STEPS.length) return false;
  const step = STEPS[nextStep++]!;
  try {
    step();
  } catch {
    // Best effort, see above.
  }
  return true;
}

/** Whether every warm-up step has run on this page. */
export function markdownWarmedUp(): boolean {
  return nextStep >= STEPS.length;
}
