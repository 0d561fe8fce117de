/**
 * Warm-up steps for the markdown renderer: what the first rendering on a page would otherwise compile inside the
 * first reply's frames, in steps small enough to run several per task.
 *
 * The first rendering on a page runs cold code: `marked`'s block and inline rules (regular expressions that V8
 * compiles on first use, to bytecode, then to machine code on their next use, separately for one-byte and two-byte
 * strings), DOMPurify's instance (its `DOMParser` document, hooks and config), and V8's first compilation of both.
 * Measured on the benchmark machine (Chromium 150): the first paragraph ever rendered took 25-45 ms, most of it
 * compiling four of marked's block rules (`lheading` alone: 19 ms to bytecode, 8 ms more to machine code); as one
 * step, that made a main-thread task near or over 50 ms in the first reply of the ingest benchmark. Here each rule is
 * its own step (compile, then tier up, for each string representation), so no step costs more than the costliest
 * rule. The work is per page (module state): once every step has run, `runMarkdownWarmUpStep()` does nothing.
 * @module
 * @internal
 */
import { Lexer } from 'marked';
import { renderMarkdown, sanitizeHtml } from './markdown.js';

/**
 * A one-byte and a two-byte subject (an em dash: model output often has one): V8 keeps a regular expression's code per
 * string representation, so each is compiled for both.
 */
const SUBJECTS = ['Text.\n', 'Text \u2014 more.\n'] as const;

/** The regular expressions of marked's GFM rules, block then inline (the rules the renderer's `Marked` uses). */
function gfmRules(): RegExp[] {
  const { block, inline } = Lexer.rules;
  return [...Object.values(block.gfm), ...Object.values(inline.gfm)].filter((rule): rule is RegExp => rule instanceof RegExp);
}

/**
 * Every rule on `subject` twice over (the first pass compiles to bytecode, the second to machine code), one per step.
 * marked resets a global rule's `lastIndex` before each use, so the one a step leaves does not matter.
 */
function ruleSteps(subject: string): Array<() => unknown> {
  const rules = gfmRules();
  return [...rules, ...rules].map((rule) => () => rule.exec(subject));
}

/**
 * Samples that together touch every construct the transcript renders (marked's and DOMPurify's code, the rules made
 * per use, such as a list's item rule), once the rules are compiled: 1-5 ms each, cold.
 */
const SAMPLES: ReadonlyArray<() => unknown> = [
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

let steps: ReadonlyArray<() => unknown> | undefined;
/** How many of `steps` one-byte text needs (the rules' one-byte steps and the samples); the two-byte ones follow. */
let oneByteSteps = 0;
let nextStep = 0;

/** The steps, built on first use (so that importing this module reads nothing of marked's). */
function allSteps(): ReadonlyArray<() => unknown> {
  if (steps) return steps;
  const oneByte = [...ruleSteps(SUBJECTS[0]), ...SAMPLES];
  oneByteSteps = oneByte.length;
  // The two-byte sample last: before the rules' two-byte steps, it would compile all of them in one step.
  steps = [...oneByte, ...ruleSteps(SUBJECTS[1]), () => renderMarkdown('Text \u2014 **bold**, _emphasis_, `code`.\n')];
  return steps;
}

/**
 * Which text the steps prepare for: `'one-byte'` (only Latin-1 characters: the steps for it come first) or `'all'`
 * (two-byte text too: any character beyond Latin-1, such as curly quotes, dashes, emoji or most scripts).
 */
export type MarkdownWarmUpScope = 'one-byte' | 'all';

/**
 * Runs the next warm-up step, if any. Never throws (a failure would show again, and be reported, where the real
 * rendering runs).
 * @returns whether a step ran (`false` once the page is warm)
 */
export function runMarkdownWarmUpStep(): boolean {
  if (markdownWarmedUp()) return false;
  const step = allSteps()[nextStep++]!;
  try {
    step();
  } catch {
    // Best effort, see above.
  }
  return true;
}

/**
 * Runs warm-up steps until `deadline` (`performance.now()` clock, ms) has passed or `scope` is warm; at least one
 * step unless `scope` is warm already.
 * @param scope - default `'all'`
 * @returns whether steps of `scope` are left
 */
export function runMarkdownWarmUpSteps(deadline: number, scope: MarkdownWarmUpScope = 'all'): boolean {
  while (!markdownWarmedUp(scope) && runMarkdownWarmUpStep() && performance.now() < deadline);
  return !markdownWarmedUp(scope);
}

/**
 * Whether the warm-up steps for `scope` have all run on this page.
 * @param scope - default `'all'`
 */
export function markdownWarmedUp(scope: MarkdownWarmUpScope = 'all'): boolean {
  return steps !== undefined && nextStep >= (scope === 'all' ? steps.length : oneByteSteps);
}
