// Figure 1, stream ingest: floor, stock runAgent, HttpAgent.run() and <ag-ui-agent>, at N = 10,000 and 100,000.
import { ms, rotate, verdict } from './format.mjs';

const CONTENDERS = {
  floor: '(a) floor: fetch + SSE split + JSON.parse',
  stock: '(b) @ag-ui/client HttpAgent.runAgent',
  clientRun: "(b') HttpAgent.run() events only",
  element: '(c) <ag-ui-agent> (markdown)',
  required: '(d) required work alone: run() + verifyEvents + marked + DOMPurify once',
};

const SHORT = { floor: '(a) floor', stock: '(b) runAgent', clientRun: "(b') run()", element: '(c) <ag-ui-agent>', required: '(d) required' };

export const ingest = {
  id: 'ingest',
  async run(ctx) {
    const plan = ctx.quick
      ? [
          { n: 10_000, reps: 3, stockReps: 3 },
          { n: 100_000, reps: 1, stockReps: 0 },
        ]
      : [
          { n: 10_000, reps: 5, stockReps: 5 },
          { n: 100_000, reps: 5, stockReps: 1 },
        ];
    const rows = [];
    const details = {};
    for (const { n, reps, stockReps } of plan) {
      const url = `/api/test/stream-bench?n=${n}&size=4&tools=10&fragments=8`;
      const expected = await ctx.inPage('/ingest.html', 'expected', { url });
      if (expected.text !== n * 4) throw new Error(`stream-bench sent ${expected.text} characters, expected ${n * 4}`);
      const params = { url, expectedText: expected.text, expectedRendered: expected.rendered, expectedToolCalls: 10 };
      const runs = { floor: [], stock: [], clientRun: [], element: [], elementWarm: [], required: [] };
      for (let rep = 0; rep < reps; rep++) {
        await ctx.withPage('/ingest.html', async (call) => {
          // elementWarm (the element's second reply in a page: JIT-warm code) runs last: it warms up in the page first.
          const order = [...rotate(['floor', 'stock', 'clientRun', 'element', 'required'], rep).filter((name) => name !== 'stock' || rep < stockReps), 'elementWarm'];
          for (const name of order) {
            await call('settle');
            runs[name].push(await call(name === 'elementWarm' ? 'element' : name, name === 'elementWarm' ? { ...params, warmups: 1 } : params));
          }
        });
        ctx.log(`N=${n} run ${rep + 1}/${reps}: ${Object.entries(runs).filter(([, r]) => r[rep]).map(([k, r]) => `${k} ${ms(r[rep].ms)}`).join(', ')}`);
      }
      details[n] = { expected, runs };
      const med = (name, key) => (runs[name].length ? ctx.median(runs[name].map((r) => r[key])) : undefined);
      const floorMs = med('floor', 'ms');
      const size = n.toLocaleString('en-US');
      const figure = `1 ingest N=${size}`;
      rows.push({
        figure,
        contender: CONTENDERS.floor,
        median: floorMs,
        unit: 'ms',
        target: 'floor',
        note: `(a) N=${size}: stream read and parsed in ${ms(med('floor', 'readMs'))} (median), then the ${(n * 4).toLocaleString('en-US')}-character text set once as textContent and painted.`,
      });
      /** A row of `name`'s median against the floor's. */
      const againstFloor = (name, contender, extra) => {
        const median = med(name, 'ms');
        return { figure, contender, median, unit: 'ms', reference: `(a) ${ms(floorMs)}`, ratio: median / floorMs, ...extra };
      };
      if (runs.stock.length) {
        rows.push(
          againstFloor('stock', CONTENDERS.stock, {
            target: 'peer',
            ...(runs.stock.length === 1 && { note: `(b) at N=${size}: a single run (it takes tens of seconds), not a median.` }),
          }),
        );
      } else {
        rows.push({ figure, contender: CONTENDERS.stock, median: 'skipped', target: 'peer', note: `(b) skipped at N=${size} in --quick (it takes tens of seconds).` });
      }
      rows.push(
        againstFloor('clientRun', CONTENDERS.clientRun, {
          target: 'report',
          note: `(b') is @ag-ui/client's HttpAgent.run() (fetch, SSE parsing, frame checks), events counted and text accumulated, nothing applied or rendered: the same transport pieces (runHttpRequest, parseSSEStream) that (c)'s SseHttpAgent uses, so a lower bound for (c).`,
        }),
      );
      const elementRatio = med('element', 'ms') / floorMs;
      rows.push(againstFloor('element', CONTENDERS.element, { target: '<= 2.00x (a)', verdict: verdict(elementRatio <= 2) }));
      rows.push(
        againstFloor('elementWarm', "(c') <ag-ui-agent>, second reply in the page", {
          target: 'report',
          note: `(c') is (c) after one unmeasured run of the same stream in the same page (a forced GC in between): the code is JIT-warm, as for every reply after a page's first. (c) is a page's first reply.`,
        }),
      );
      rows.push(
        againstFloor('required', CONTENDERS.required, {
          target: 'report',
          note:
            `(d) is the least any element on the required libraries spends: HttpAgent.run() through verifyEvents (the protocol checks), the text kept, ` +
            `then marked + DOMPurify + innerHTML once at the end and a paint. No incremental rendering (nothing shows until the end), no Lit, no tool cards. ` +
            (med('required', 'ms') > 2 * floorMs
              ? `It alone is over the 2x target (${ms(2 * floorMs)}) by ${ms(med('required', 'ms') - 2 * floorMs)}; (c) takes ${(med('element', 'ms') / med('required', 'ms')).toFixed(2)}x of it.`
              : `Against the 2x target (${ms(2 * floorMs)}) it leaves ${ms(2 * floorMs - med('required', 'ms'))} for everything else (c) does.`),
        }),
      );
      for (const name of ['floor', 'stock', 'clientRun', 'element']) {
        if (!runs[name].length) continue;
        const longest = med(name, 'longestTaskMs');
        const isTarget = name === 'element' && n >= 100_000;
        rows.push({
          figure,
          contender: `${SHORT[name]}: longest main-thread task`,
          median: longest === 0 ? 'none > 50 ms' : longest,
          unit: 'ms',
          target: isTarget ? '<= 50 ms (median run)' : undefined,
          verdict: isTarget ? verdict(longest <= 50) : undefined,
          note:
            `${SHORT[name]}, N=${size}, long tasks (> 50 ms) in each run: longest ${runs[name].map((r) => r.longestTaskMs.toFixed(0)).join(' / ')} ms; ` +
            `total ${runs[name].map((r) => r.longTaskTotalMs.toFixed(0)).join(' / ')} ms; count ${runs[name].map((r) => r.longTasks).join(' / ')}.`,
        });
      }
    }
    ctx.shared.ingest = details;
    return rows;
  },
};
