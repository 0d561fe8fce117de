/**
 * Prepares what the first reply renders before it arrives: the markdown renderer's code, the transcript's templates
 * and its fonts.
 * @module
 * @internal
 */
import { render, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { markdownWarmedUp, runMarkdownWarmUpSteps, type MarkdownWarmUpScope } from '../../internal/markdown-warm-up.js';
import { renderToolCall, type ToolCallCardData, type ToolCallCardOptions } from './render-tool-call.js';
import { renderAssistantMessage } from './transcript.js';

/**
 * A character in each font the transcript uses besides the host's own, as nested elements (`code.semibold`: a class):
 * the markdown's bold, italic and bold italic, and the code font stack (`--ag-ui-code-font-family`) as markdown and
 * tool cards use it (regular, bold, 600 for a tool's name, italic). Styled by `.font-warm-up` in the element's styles.
 */
const FONT_SAMPLES: ReadonlyArray<readonly string[]> = [
  ['strong'],
  ['em'],
  ['strong', 'em'],
  ['code'],
  ['code', 'strong'],
  ['code.semibold'],
  ['code', 'em'],
];

/** A font sample: its elements (outermost first), and a `font-family` of its own for the outermost, if any. */
interface FontSample {
  path: readonly string[];
  family?: string;
}

/**
 * The samples this page lays out, in order (built at the first font step, from the code font stack then in force),
 * and how many of them have been laid out (font lookups are cached per page).
 */
let fontSamples: readonly FontSample[] | undefined;
let fontSamplesLaidOut = 0;

/**
 * The samples for a code font stack (a CSS `font-family` list): first each family of the stack on its own, so that
 * each family's first lookup (a miss, for most of them) is a step of its own, then `FONT_SAMPLES`. A `code` sample
 * of the whole stack looked up every family in one layout: 50-63 ms in the ingest benchmark's first reply.
 */
function fontSamplesFor(codeFontStack: string): FontSample[] {
  const families = codeFontStack.split(',').map((family) => family.trim()).filter((family) => family !== '');
  return [...families.map((family) => ({ path: ['code'], family })), ...FONT_SAMPLES.map((path) => ({ path }))];
}

/** The elements of a font sample, holding the character `a`. */
function fontSample({ path, family }: FontSample): HTMLElement {
  const elements = path.map((tag) => {
    const [name, className] = tag.split('.');
    const element = document.createElement(name!);
    if (className) element.className = className;
    return element;
  });
  elements.reduce((outer, inner) => (outer.append(inner), inner)).append('a');
  if (family !== undefined) elements[0]!.style.fontFamily = family;
  return elements[0]!;
}

/** Longest wait (ms) for idle time before a warm-up slice runs anyway. */
const IDLE_TIMEOUT_MS = 2000;
/** Delay (ms) between warm-up slices where `requestIdleCallback` is missing (Safari). */
const NO_IDLE_DELAY_MS = 100;
/**
 * Time (ms) one task may spend on warm-up steps before it yields (a step is never split; the costliest, compiling
 * marked's `lheading` rule or a code font family's first lookup, took up to 19 ms on the benchmark machine).
 */
const SLICE_MS = 8;

const noop = (): void => undefined;
const SAMPLE_CARD_OPTIONS: ToolCallCardOptions = { now: 0, onCancel: noop, onApprove: noop, onDeny: noop };
/** Cards in the states a reply's first frames show: a server-side call with its result, a frontend call running. */
const SAMPLE_CARDS: readonly ToolCallCardData[] = [
  { toolCallId: 'warm-up-1', toolCallName: 'warm_up', kind: 'backend', status: 'succeeded', argsText: '{"a":1}', result: '{"b":2}' },
  { toolCallId: 'warm-up-2', toolCallName: 'warm_up', kind: 'frontend', status: 'executing', argsText: '{"a":1}' },
];

let templatesWarm = false;

/**
 * Renders a sample assistant message (a small chunk, a big one, a tail and the sample cards) into an element that is
 * never attached: Lit prepares each template once per page (parsing its HTML) and V8 compiles the render functions,
 * which cold took 7-9 ms for the ten cards of the ingest benchmark's frame that first shows them (1-5 ms warm).
 */
function warmUpTemplates(): void {
  templatesWarm = true;
  try {
    const message = { id: 'warm-up', role: 'assistant' as const, content: 'a' };
    const markdown = { chunks: ['<p>a</p>', `<p>${'a'.repeat(2048)}</p>`], tail: '<p>a</p>', stale: false };
    const cards = SAMPLE_CARDS.map((card) => renderToolCall(card, SAMPLE_CARD_OPTIONS));
    render(renderAssistantMessage({ kind: 'assistant', id: message.id, message }, markdown, { cards, count: cards.length }), document.createElement('div'));
  } catch {
    // Best effort: the real render reports its own failures.
  }
}

/** Whether the warm-up for `scope` is done on this page. */
function warmedUp(scope: MarkdownWarmUpScope): boolean {
  return fontSamples !== undefined && fontSamplesLaidOut >= fontSamples.length && templatesWarm && markdownWarmedUp(scope);
}

interface PostTaskScheduler {
  postTask(callback: () => void, options: { priority: 'user-blocking' | 'user-visible' | 'background' }): Promise<void>;
}

/**
 * Runs `callback` in a task of its own, ahead of ordinary tasks and of the run's own slices (`EventDrain` and the
 * transport resume with `scheduler.yield()`, whose continuations would otherwise keep a `setTimeout` waiting until the
 * stream's first frames): `scheduler.postTask()` at `'user-blocking'` priority where available, else `setTimeout(0)`.
 */
function inTaskAhead(callback: () => void): void {
  const scheduler = (globalThis as { scheduler?: Partial<PostTaskScheduler> }).scheduler;
  if (typeof scheduler?.postTask === 'function') void scheduler.postTask(callback, { priority: 'user-blocking' }).catch(() => undefined);
  else setTimeout(callback, 0);
}

/**
 * Takes the first reply's cold costs off its frames.
 *
 * Fonts: a font's first use costs a system lookup per family of its stack, and the code stack's families are mostly
 * not installed on any one system (`ui-monospace, 'SFMono-Regular', Menlo, Consolas`): on Linux 5-20 ms per weight,
 * 30-70 ms for all of `FONT_SAMPLES` on the benchmark machine, inside the layout of the frame that first shows them
 * (measured with a trace of the ingest benchmark). Each sample is added to a hidden box (`render()`) and laid out at
 * once (a forced layout), one per step, first among the steps below; once per page (the lookups are cached); each
 * family of the code stack first has a sample of its own (`fontSamplesFor`). Laid out all together in the element's
 * first render, they made its mount task 54 ms instead of 20. They stay in the box (a few dozen invisible nodes,
 * `aria-hidden`).
 *
 * Templates: the transcript's templates, prepared once per page outside the document (`warmUpTemplates`), next.
 *
 * Code: the markdown renderer's first compilation (`runMarkdownWarmUpSteps()`, once per page), in slices of
 * `SLICE_MS` in idle callbacks; when a run starts first, `runStarting()` runs the remaining steps for one-byte text in
 * slices in tasks of their own while the request is in flight, ahead of the stream's processing (see `inTaskAhead`),
 * so that they are done before its first frame. The steps for two-byte text (a character beyond Latin-1 anywhere in
 * a reply) cost as much again (~75 ms on the benchmark machine) and stay in idle time: a run that starts on a cold
 * page is not held up for text it may never get, and a two-byte reply that arrives before they ran (a page whose
 * first message is sent within a few hundred ms of the element connecting, to an agent that answers at once) pays
 * the compilation in its first frames, as it did before this warm-up existed.
 */
export class WarmUpController implements ReactiveController {
  /** The hidden box the font samples are laid out in (see `render()`). */
  readonly #fontBox: HTMLElement;
  #idle: number | undefined;
  #noIdleTimer: ReturnType<typeof setTimeout> | undefined;
  /** The steps scheduled by `runStarting()` (set `cancelled` to stop them). */
  #urgent: { cancelled: boolean } | undefined;

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
    this.#fontBox = document.createElement('div');
    this.#fontBox.className = 'font-warm-up';
    this.#fontBox.setAttribute('aria-hidden', 'true');
  }

  hostConnected(): void {
    this.#scheduleIdle();
  }

  /** After a render (the first one puts the font box in the document): resumes idle steps left waiting for it. */
  hostUpdated(): void {
    this.#scheduleIdle();
  }

  hostDisconnected(): void {
    this.#cancel();
  }

  /**
   * A run is starting: run the remaining steps (fonts, templates, markdown for one-byte text) now, in slices
   * (`inTaskAhead`), instead of in idle time; the markdown steps for two-byte text stay in idle time.
   */
  runStarting(): void {
    if (warmedUp('one-byte') || this.#urgent) return;
    this.#cancel();
    const run = { cancelled: false };
    this.#urgent = run;
    const next = () => {
      if (run.cancelled) return;
      if (this.#runSlice(performance.now() + SLICE_MS, 'one-byte')) {
        inTaskAhead(next);
      } else {
        this.#urgent = undefined;
        this.#scheduleIdle();
      }
    };
    inTaskAhead(next);
  }

  /** The hidden box of font samples: render it in the host's shadow root (its styles style `.font-warm-up`). */
  render(): HTMLElement {
    return this.#fontBox;
  }

  /**
   * One slice of the warm-up, until `deadline` (ms, `performance.now()` clock): font samples, templates, then markdown
   * steps (at least one step, when one can run).
   * @returns whether `scope` needs more (`false` also when only font samples are left and the box is not rendered:
   *   the next `hostUpdated()` or `runStarting()` schedules them again)
   */
  #runSlice(deadline: number, scope: MarkdownWarmUpScope): boolean {
    while (this.#fontBox.isConnected) {
      fontSamples ??= fontSamplesFor(getComputedStyle(this.#fontBox).getPropertyValue('--ag-ui-code-font-family'));
      if (fontSamplesLaidOut >= fontSamples.length) break;
      const sample = fontSample(fontSamples[fontSamplesLaidOut++]!);
      this.#fontBox.append(sample);
      // The layout, and the font lookup, happen here, in this task.
      sample.getBoundingClientRect();
      if (performance.now() >= deadline) return true;
    }
    if (!templatesWarm) {
      warmUpTemplates();
      if (performance.now() >= deadline) return true;
    }
    return runMarkdownWarmUpSteps(deadline, scope);
  }

  #scheduleIdle(): void {
    if (warmedUp('all') || this.#idle !== undefined || this.#noIdleTimer !== undefined || this.#urgent) return;
    const step = (deadline?: IdleDeadline) => {
      this.#idle = this.#noIdleTimer = undefined;
      if (this.#runSlice(performance.now() + Math.min(SLICE_MS, deadline?.timeRemaining() ?? SLICE_MS), 'all')) this.#scheduleIdle();
    };
    if (typeof requestIdleCallback === 'function') this.#idle = requestIdleCallback(step, { timeout: IDLE_TIMEOUT_MS });
    else this.#noIdleTimer = setTimeout(() => step(), NO_IDLE_DELAY_MS);
  }

  #cancel(): void {
    if (this.#idle !== undefined) cancelIdleCallback(this.#idle);
    if (this.#noIdleTimer !== undefined) clearTimeout(this.#noIdleTimer);
    if (this.#urgent) this.#urgent.cancelled = true;
    this.#idle = this.#noIdleTimer = this.#urgent = undefined;
  }
}
