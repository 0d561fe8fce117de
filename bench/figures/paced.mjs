// Figure 6, the realistic case: a reply paced at a model's rate (1,500 deltas at 60 per second, ~25 s), shown by
// `<ag-ui-agent url>` and by the floor (no framework: fetch, SSE parsed by hand, each delta appended to one text node).
// Per contender: main-thread busy time per second of streaming, renderer CPU per token, dropped frames.
import { rotate, verdict } from './format.mjs';

/** Main-thread time per category, from CDP `Performance.getMetrics` (seconds, cumulative for the page). */
const METRICS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'];

const CONTENDERS = {
  floor: { page: '/paced-floor.html', label: 'floor: fetch + SSE by hand + one text node' },
  element: { page: '/paced.html', label: '<ag-ui-agent url> (markdown)' },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds of CPU all renderer processes have used (`SystemInfo.getProcessInfo`; one page is open at a time). */
async function rendererCpuSeconds(browser) {
  const { processInfo } = await browser.send('SystemInfo.getProcessInfo');
  return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
}

async function metrics(page) {
  const { metrics: list } = await page.send('Performance.getMetrics');
  return Object.fromEntries(list.filter((m) => METRICS.includes(m.name)).map((m) => [m.name, m.value]));
}

export const paced = {
  id: 'paced',
  async run(ctx) {
    const n = ctx.quick ? 300 : 1500;
    const rate = ctx.quick ? 120 : 60;
    const rounds = ctx.quick ? 2 : 3;
    const stream = `/api/test/stream-bench?n=${n}&size=4&tools=0`;
    const url = `${stream}&rate=${rate}`;
    // The text rendered at once (marked + DOMPurify), which the element's incremental rendering must reach.
    const expected = await ctx.inPage('/ingest.html', 'expected', { url: stream });
    const params = { url, expectedText: n * 4, expectedRendered: expected.rendered };
    const runs = { floor: [], element: [] };
    for (let round = 0; round < rounds; round++) {
      for (const name of rotate(['floor', 'element'], round)) {
        const run = await ctx.withPage(CONTENDERS[name].page, async (call, page) => {
          await page.send('Performance.enable');
          await call('mount', params);
          // A person types for a while before sending.
          await sleep(1000);
          const before = await metrics(page);
          const cpuBefore = await rendererCpuSeconds(ctx.browser);
          const start = performance.now();
          const result = await call('reply', params);
          const windowMs = performance.now() - start;
          const cpuMs = ((await rendererCpuSeconds(ctx.browser)) - cpuBefore) * 1000;
          const after = await metrics(page);
          const delta = Object.fromEntries(METRICS.map((m) => [m, (after[m] - before[m]) * 1000]));
          const perSecond = (ms) => ms / (windowMs / 1000);
          return {
            ...result,
            windowMs,
            busyMsPerS: perSecond(delta.TaskDuration),
            scriptMsPerS: perSecond(delta.ScriptDuration),
            styleMsPerS: perSecond(delta.RecalcStyleDuration),
            layoutMsPerS: perSecond(delta.LayoutDuration),
            cpuMs,
            cpuMsPerToken: cpuMs / n,
          };
        });
        runs[name].push(run);
        ctx.log(
          `round ${round + 1}/${rounds} ${name}: ${(run.windowMs / 1000).toFixed(1)} s, busy ${run.busyMsPerS.toFixed(1)} ms/s ` +
            `(script ${run.scriptMsPerS.toFixed(1)}, style ${run.styleMsPerS.toFixed(1)}, layout ${run.layoutMsPerS.toFixed(1)}), ` +
            `CPU ${run.cpuMsPerToken.toFixed(3)} ms/token, ${run.droppedFrames} dropped of ${run.frames} frames`,
        );
      }
    }
    const med = (name, key) => ctx.median(runs[name].map((r) => r[key]));
    ctx.shared.paced = { n, rate, runs };

    const figure = `6 paced ${n.toLocaleString('en-US')} deltas @${rate}/s`;
    const split = (name) =>
      `script ${med(name, 'scriptMsPerS').toFixed(1)}, style ${med(name, 'styleMsPerS').toFixed(1)}, layout ${med(name, 'layoutMsPerS').toFixed(1)} ms/s, ` +
      `the rest (paint, commit, HTML parsing, GC, and script that ScriptDuration leaves out: a trace puts most of the element's there) ${(med(name, 'busyMsPerS') - med(name, 'scriptMsPerS') - med(name, 'styleMsPerS') - med(name, 'layoutMsPerS')).toFixed(1)}`;
    const busyFloor = med('floor', 'busyMsPerS');
    const busyElement = med('element', 'busyMsPerS');
    const cpuFloor = med('floor', 'cpuMsPerToken');
    const cpuElement = med('element', 'cpuMsPerToken');
    const roundsNote = `median of ${rounds} fresh pages per contender, interleaved`;
    return [
      {
        figure,
        contender: `${CONTENDERS.floor.label}: main-thread busy`,
        median: busyFloor,
        unit: 'ms/s',
        target: 'floor',
        note: `Main-thread busy: CDP Performance.getMetrics TaskDuration (the renderer main thread's task time) sampled before and after the reply, per second of the window (${(med('floor', 'windowMs') / 1000).toFixed(1)} s; ${roundsNote}). Of it: ${split('floor')}.`,
      },
      {
        figure,
        contender: `${CONTENDERS.element.label}: main-thread busy`,
        median: busyElement,
        unit: 'ms/s',
        reference: `floor ${busyFloor.toFixed(1)} ms/s`,
        ratio: busyElement / busyFloor,
        target: '<= 1.25x floor',
        verdict: verdict(busyElement / busyFloor <= 1.25),
        note: `Window ${(med('element', 'windowMs') / 1000).toFixed(1)} s. Of it: ${split('element')}.`,
      },
      {
        figure,
        contender: `${CONTENDERS.floor.label}: renderer CPU per token`,
        median: cpuFloor,
        unit: 'ms',
        target: 'floor',
        note: `Renderer CPU: SystemInfo.getProcessInfo cpuTime summed over the renderer processes (one page open; all its threads: main, compositor, raster, IO), before and after the reply, / ${n} deltas.`,
      },
      {
        figure,
        contender: `${CONTENDERS.element.label}: renderer CPU per token`,
        median: cpuElement,
        unit: 'ms',
        reference: `floor ${cpuFloor.toFixed(3)} ms`,
        ratio: cpuElement / cpuFloor,
        target: '<= 1.25x floor',
        verdict: verdict(cpuElement / cpuFloor <= 1.25),
      },
      { figure, contender: `${CONTENDERS.floor.label}: dropped frames`, median: med('floor', 'droppedFrames'), unit: 'frames', target: 'report' },
      {
        figure,
        contender: `${CONTENDERS.element.label}: dropped frames`,
        median: med('element', 'droppedFrames'),
        unit: 'frames',
        reference: `floor ${med('floor', 'droppedFrames')}`,
        target: 'report',
        note: `requestAnimationFrame gaps over 1.5 frame intervals (interval = median gap, ${med('element', 'frameIntervalMs').toFixed(1)} ms) during the reply, of ~${med('element', 'frames')} frames; longest gap ${med('element', 'longestFrameGapMs').toFixed(0)} ms (floor ${med('floor', 'longestFrameGapMs').toFixed(0)} ms).`,
      },
    ];
  },
};
