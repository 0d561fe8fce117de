/**
 * Prepares what the first reply renders before it arrives: the markdown renderer's code and the transcript's fonts.
 * @module
 * @internal
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { markdownWarmedUp, runMarkdownWarmUpStep } from '../../internal/markdown-warm-up.js';

/**
 * A character in each font the transcript uses besides the host's own: the markdown's bold, italic and
 * bold italic, and the code font stack (`--ag-ui-code-font-family`) as markdown and tool cards use it (regular, bold,
 * 600 for a tool's name, italic). Styled by `.font-warm-up` in the element's styles.
 */
const FONT_WARM_UP = html`<div class="font-warm-up" aria-hidden="true">
  <strong>a</strong><em>a</em><strong><em>a</em></strong><code>a</code><code><strong>a</strong></code
  ><code class="semibold">a</code><code><em>a</em></code>
</div>`;

/** Longest wait (ms) for idle time before a markdown step runs anyway. */
const IDLE_TIMEOUT_MS = 2000;
/** Delay (ms) between markdown steps where `requestIdleCallback` is missing (Safari). */
const NO_IDLE_DELAY_MS = 100;

/**
 * Takes the first reply's cold costs off its frames.
 *
 * Fonts: a font's first use costs a system lookup per family of its stack, and the code stack's families are mostly
 * not installed on any one system (`ui-monospace, 'SFMono-Regular', Menlo, Consolas`): on Linux 5-20 ms per weight,
 * 30-70 ms for all of `FONT_WARM_UP` on the benchmark machine, inside the layout of the frame that first shows them
 * (measured with a trace of the ingest benchmark). `render()` puts the samples in the element's first render, so the
 * element's first layout pays for them (once per page: the lookups are cached), not a frame of the first reply.
 * They stay rendered (a handful of invisible nodes, `aria-hidden`).
 *
 * Code: the markdown renderer's first compilation (`runMarkdownWarmUpStep()`, once per page), one step per idle
 * callback; when a run starts first, `runStarting()` runs the remaining steps in tasks of their own while the request
 * is in flight.
 */
export class WarmUpController implements ReactiveController {
  #idle: number | undefined;
  #noIdleTimer: ReturnType<typeof setTimeout> | undefined;
  #task: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.#scheduleIdle();
  }

  hostDisconnected(): void {
    this.#cancel();
  }

  /** A run is starting: run the remaining markdown steps now, one per task, instead of in idle time. */
  runStarting(): void {
    if (markdownWarmedUp() || this.#task !== undefined) return;
    this.#cancel();
    const next = () => {
      this.#task = runMarkdownWarmUpStep() && !markdownWarmedUp() ? setTimeout(next, 0) : undefined;
    };
    this.#task = setTimeout(next, 0);
  }

  /** The hidden font samples. */
  render(): TemplateResult {
    return FONT_WARM_UP;
  }

  #scheduleIdle(): void {
    if (markdownWarmedUp() || this.#idle !== undefined || this.#noIdleTimer !== undefined || this.#task !== undefined) return;
    const step = () => {
      this.#idle = this.#noIdleTimer = undefined;
      runMarkdownWarmUpStep();
      this.#scheduleIdle();
    };
    if (typeof requestIdleCallback === 'function') this.#idle = requestIdleCallback(step, { timeout: IDLE_TIMEOUT_MS });
    else this.#noIdleTimer = setTimeout(step, NO_IDLE_DELAY_MS);
  }

  #cancel(): void {
    if (this.#idle !== undefined) cancelIdleCallback(this.#idle);
    if (this.#noIdleTimer !== undefined) clearTimeout(this.#noIdleTimer);
    if (this.#task !== undefined) clearTimeout(this.#task);
    this.#idle = this.#noIdleTimer = this.#task = undefined;
  }
}
