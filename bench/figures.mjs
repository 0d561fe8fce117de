// The five figures of issue 5 ("Benchmarks with targets"). Each `run(ctx)` drives pages from bench/pages (built by
// run.mjs) and returns table rows; details (every run, breakdowns) go to `ctx.shared[id]` and from there to
// bench/results.json. Verdicts compare medians with the issue's targets; a missed target is reported as measured.
import { join } from 'node:path';
import { attribute, buildBundlePage, importChains, measureFiles, servedFile } from './bundle.mjs';

const KiB = 1024;
const verdict = (ok) => (ok ? 'MET' : 'MISSED');
const ms = (value) => `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ms`;
const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
const rotate = (list, by) => list.map((_, i) => list[(i + by) % list.length]);
const max = (values) => Math.max(...values);

// --- 1. Stream ingest -----------------------------------------------------------------------------------------------

const CONTENDERS = {
  floor: '(a) floor: fetch + SSE split + JSON.parse',
  stock: '(b) @ag-ui/client HttpAgent.runAgent',
  clientRun: "(b') HttpAgent.run() events only",
  element: '(c) <ag-ui-agent> (markdown)',
};

const SHORT = { floor: '(a) floor', stock: '(b) runAgent', clientRun: "(b') run()", element: '(c) <ag-ui-agent>' };

const ingest = {
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
      const runs = { floor: [], stock: [], clientRun: [], element: [], elementWarm: [] };
      for (let rep = 0; rep < reps; rep++) {
        await ctx.withPage('/ingest.html', async (call) => {
          // elementWarm (the element's second reply in a page: JIT-warm code) runs last: it warms up in the page first.
          const order = [...rotate(['floor', 'stock', 'clientRun', 'element'], rep).filter((name) => name !== 'stock' || rep < stockReps), 'elementWarm'];
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
      if (runs.stock.length) {
        rows.push({
          figure,
          contender: CONTENDERS.stock,
          median: med('stock', 'ms'),
          unit: 'ms',
          reference: `(a) ${ms(floorMs)}`,
          ratio: med('stock', 'ms') / floorMs,
          target: 'peer',
          ...(runs.stock.length === 1 && { note: `(b) at N=${size}: a single run (it takes tens of seconds), not a median.` }),
        });
      } else {
        rows.push({ figure, contender: CONTENDERS.stock, median: 'skipped', target: 'peer', note: `(b) skipped at N=${size} in --quick (it takes tens of seconds).` });
      }
      rows.push({
        figure,
        contender: CONTENDERS.clientRun,
        median: med('clientRun', 'ms'),
        unit: 'ms',
        reference: `(a) ${ms(floorMs)}`,
        ratio: med('clientRun', 'ms') / floorMs,
        target: 'report',
        note: `(b') is @ag-ui/client's HttpAgent.run() (fetch, SSE parsing, frame checks), events counted and text accumulated, nothing applied or rendered: the same transport pieces (runHttpRequest, parseSSEStream) that (c)'s SseHttpAgent uses, so a lower bound for (c).`,
      });
      const elementMs = med('element', 'ms');
      rows.push({
        figure,
        contender: CONTENDERS.element,
        median: elementMs,
        unit: 'ms',
        reference: `(a) ${ms(floorMs)}`,
        ratio: elementMs / floorMs,
        target: '<= 2.00x (a)',
        verdict: verdict(elementMs / floorMs <= 2),
      });
      const warmMs = med('elementWarm', 'ms');
      rows.push({
        figure,
        contender: "(c') <ag-ui-agent>, second reply in the page",
        median: warmMs,
        unit: 'ms',
        reference: `(a) ${ms(floorMs)}`,
        ratio: warmMs / floorMs,
        target: 'report',
        note: `(c') is (c) after one unmeasured run of the same stream in the same page (a forced GC in between): the code is JIT-warm, as for every reply after a page's first. (c) is a page's first reply.`,
      });
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

// --- 2. Tool overhead -----------------------------------------------------------------------------------------------

const tools = {
  id: 'tools',
  async run(ctx) {
    const n = ctx.quick ? 20_000 : 100_000;
    const pages = ctx.quick ? 1 : 3;
    const reps = ctx.quick ? 3 : 5;
    const all = { floor: [], floorWithoutController: [], manager: [], listeners: [], eventsPerExecution: 0 };
    for (let p = 0; p < pages; p++) {
      const result = await ctx.inPage('/tools.html', 'overhead', { n, reps });
      for (const key of ['floor', 'floorWithoutController', 'manager', 'listeners']) all[key].push(...result[key]);
      all.eventsPerExecution = result.eventsPerExecution;
      ctx.log(`page ${p + 1}/${pages}: floor ${result.floor.map((v) => v.toFixed(0)).join('/')} ns, manager ${result.manager.map((v) => v.toFixed(0)).join('/')} ns, listeners ${result.listeners.map((v) => v.toFixed(0)).join('/')} ns`);
    }
    const floor = ctx.median(all.floor);
    const floorWithoutController = ctx.median(all.floorWithoutController);
    const manager = ctx.median(all.manager);
    const listeners = ctx.median(all.listeners);

    const heapRuns = { n: [], twice: [] };
    for (let rep = 0; rep < 3; rep++) {
      heapRuns.n.push(await ctx.inPage('/tools.html', 'heap', { n }));
      heapRuns.twice.push(await ctx.inPage('/tools.html', 'heap', { n: 2 * n }));
    }
    const heapN = ctx.median(heapRuns.n.map((r) => r.retainedBytes));
    const heap2N = ctx.median(heapRuns.twice.map((r) => r.retainedBytes));
    const { history, historyLimit } = heapRuns.twice[0];
    ctx.log(`heap retained: N ${heapRuns.n.map((r) => kib(r.retainedBytes)).join('/')}, 2N ${heapRuns.twice.map((r) => kib(r.retainedBytes)).join('/')}`);
    ctx.shared.tools = { n, floorNs: floor, floorWithoutControllerNs: floorWithoutController, managerNs: manager, listenersNs: listeners, runs: all, heapRuns };

    const size = n.toLocaleString('en-US');
    const figure = `2 tools x${size}`;
    // "No growth with N": 2N executions retain at most 10% (+16 KiB of allocator noise) more than N do.
    const bounded = heap2N <= heapN * 1.1 + 16 * KiB;
    return [
      { figure, contender: 'floor: safeParse + AbortController + await + stringify', median: floor, unit: 'ns/exec', target: 'floor' },
      {
        figure,
        contender: 'ToolExecutionManager + ValidatingToolExecutor',
        median: manager,
        unit: 'ns/exec',
        reference: `floor ${floor.toFixed(0)} ns`,
        ratio: manager / floor,
        target: '<= 2.00x floor',
        verdict: verdict(manager / floor <= 2),
        note:
          `The manager creates the attempt's AbortController only if the handler reads context.signal (this handler does not); ` +
          `the floor creates one as the issue specifies. Against the floor without it (${floorWithoutController.toFixed(0)} ns/exec) the ratio is ${(manager / floorWithoutController).toFixed(2)}x.`,
      },
      {
        figure,
        contender: 'same, a listener on every lifecycle event',
        median: listeners,
        unit: 'ns/exec',
        reference: `floor ${floor.toFixed(0)} ns`,
        ratio: listeners / floor,
        target: 'report',
        note: `With listeners on all 8 manager event types, ${all.eventsPerExecution} events fire per execution (started, validating, executing, succeeded).`,
      },
      { figure, contender: `heap retained after ${size} executions`, median: heapN / KiB, unit: 'KiB', target: 'report' },
      {
        figure,
        contender: `heap retained after ${(2 * n).toLocaleString('en-US')} executions`,
        median: heap2N / KiB,
        unit: 'KiB',
        reference: `${size}: ${kib(heapN)}`,
        ratio: heap2N / heapN,
        target: 'no growth with N',
        verdict: verdict(bounded),
        note: `Retained JS heap (performance.memory after forced GC, manager still referenced; median of 3 fresh pages). History ${history}/${historyLimit} entries. "No growth" = 2N retains <= 1.1 x N + 16 KiB.`,
      },
    ];
  },
};

// --- 3. Fan-out -----------------------------------------------------------------------------------------------------

const fanout = {
  id: 'fanout',
  async run(ctx) {
    const calls = 1000;
    const reps = ctx.quick ? 2 : 5;
    let perExecNs = ctx.shared.tools?.listenersNs;
    let perExecNoListenersNs = ctx.shared.tools?.managerNs;
    let perExecSource = 'figure 2';
    if (perExecNs === undefined) {
      const overhead = await ctx.inPage('/tools.html', 'overhead', { n: 20_000, reps: 3 });
      perExecNs = ctx.median(overhead.listeners);
      perExecNoListenersNs = ctx.median(overhead.manager);
      perExecSource = 'measured here (figure 2 not run)';
    }
    const handlers = [];
    for (let i = 0; i < 3; i++) handlers.push((await ctx.inPage('/fanout.html', 'handler', { reps: 50 })).ms);
    const handlerMs = ctx.median(handlers);
    const timersMs = (await ctx.inPage('/fanout.html', 'timers', { calls, reps: 7 })).ms;
    const loop = await ctx.repeat(reps, () => ctx.inPage('/fanout.html', 'loop', { calls }));
    ctx.log(`loop: ${loop.runs.map((r) => `${ms(r.ms)} (from arrival ${ms(r.fromArrivalMs)})`).join(', ')}`);
    const element = await ctx.repeat(reps, () => ctx.inPage('/fanout.html', 'element', { calls }));
    const cold = await ctx.repeat(reps, () => ctx.inPage('/fanout.html', 'loop', { calls, warmups: 0 }));
    ctx.log(`loop, cold: ${cold.runs.map((r) => ms(r.ms)).join(', ')}`);
    ctx.log(`element: ${element.runs.map((r) => `${ms(r.ms)} (from arrival ${ms(r.fromArrivalMs)})`).join(', ')}`);

    const baseMs = (calls * perExecNs) / 1e6 + handlerMs;
    const strictBaseMs = (calls * perExecNoListenersNs) / 1e6 + handlerMs;
    ctx.shared.fanout = { calls, perExecNs, perExecNoListenersNs, perExecSource, handlerMs, handlers, timersMs, baseMs, loop, element, cold };
    const reference = `1,000 x ${(perExecNs / 1000).toFixed(2)} us + ${handlerMs.toFixed(2)} ms = ${ms(baseMs)}`;
    const figure = '3 fan-out x1,000';
    const followUps = max([...loop.runs, ...element.runs].map((r) => r.posts - 1));
    const minFollowUps = Math.min(...[...loop.runs, ...element.runs].map((r) => r.posts - 1));
    const phases = (m) =>
      `backlog (arrival -> applied) ${ms(m.backlogMs)}, stream end ${ms(m.streamEndMs)}, to first handler call ${ms(m.toFirstCallMs)}, tools (first handler call -> all settled) ${ms(m.toolsMs)} ` +
      `[all started ${ms(m.startAllMs)}, last timer ${ms(m.lastTimerMs)}, results in ${ms(m.settleMs)}], settled -> follow-up POST ${ms(m.followUpMs)}`;
    return [
      {
        figure,
        contender: 'AgentRunLoop: RUN_FINISHED applied -> follow-up POST',
        median: loop.ms,
        unit: 'ms',
        reference,
        ratio: loop.ms / baseMs,
        target: '< 1.50x',
        verdict: verdict(loop.ms / baseMs < 1.5),
        note:
          `Base = 1,000 x the per-execution cost from ${perExecSource} with listeners on every lifecycle event (the loop observes every lifecycle event of its executions and re-fires status events) ` +
          `+ one handler (an awaited setTimeout(1), median of 150). With the no-listener cost (${(perExecNoListenersNs / 1000).toFixed(2)} us) the base would be ${ms(strictBaseMs)} ` +
          `and the ratio ${(loop.ms / strictBaseMs).toFixed(2)}x. Not in the base: the tool's own cost at this size, ${calls} handlers awaiting setTimeout(1) started together with nothing else, ${ms(timersMs)} (scheduling and firing ${calls} timers), ` +
          `and serializing the follow-up (2,000 messages). Measured after 3 unmeasured fan-outs of the same size in the same page (warm code, as the base is); the cold row below is the first one. "Applied" = the loop's last messages-changed before the first handler call (never later than the real moment); phases are timed in the handler and from run-finished, not from tool-status-changed (a listener there makes the loop build and dispatch 5,000 status events: the instrument's cost). ` +
          `Medians: ${phases(loop)}.`,
      },
      {
        figure,
        contender: 'AgentRunLoop: RUN_FINISHED arrival -> follow-up POST',
        median: loop.fromArrivalMs,
        unit: 'ms',
        reference,
        ratio: loop.fromArrivalMs / baseMs,
        target: 'report',
        note: `From RUN_FINISHED coming out of SseHttpAgent.run() (tapped): the server sends the whole run at once, so this includes applying the ~4,000 events queued before it (ingest work, figure 1's subject).`,
      },
      {
        figure,
        contender: 'AgentRunLoop vs a base that counts the tool at 1,000',
        median: loop.ms,
        unit: 'ms',
        reference: `1,000 x ${(perExecNs / 1000).toFixed(2)} us + ${ms(timersMs)} = ${ms((calls * perExecNs) / 1e6 + timersMs)}`,
        ratio: loop.ms / ((calls * perExecNs) / 1e6 + timersMs),
        target: 'report',
        note: `The issue's base counts one handler's time (${handlerMs.toFixed(2)} ms), as if 1,000 concurrent handlers cost what one does; here the handlers' own time is measured at fan-out size instead: ${calls} of them awaiting setTimeout(1), started together, nothing else (${ms(timersMs)}, median of 7).`,
      },
      {
        figure,
        contender: 'AgentRunLoop, cold: first fan-out in a fresh page',
        median: cold.ms,
        unit: 'ms',
        reference,
        ratio: cold.ms / baseMs,
        target: 'report',
        note: `The same measurement without warm-up fan-outs: the code has not been optimized by the JIT yet (the base, figure 2, is measured warm, after thousands of executions). Medians: ${phases(cold)}.`,
      },
      {
        figure,
        contender: '<ag-ui-agent>: RUN_FINISHED applied -> follow-up POST',
        median: element.ms,
        unit: 'ms',
        reference,
        ratio: element.ms / baseMs,
        target: 'report',
        note: `The element runs the same loop and renders 1,000 tool call cards (its frames fall in between). Medians: ${phases(element)}; from arrival ${ms(element.fromArrivalMs)}.`,
      },
      {
        figure,
        contender: 'follow-up requests per run',
        median: followUps === minFollowUps ? String(followUps) : `${minFollowUps}..${followUps}`,
        target: 'exactly 1',
        verdict: verdict(followUps === 1 && minFollowUps === 1),
        note: `Counted as POSTs leaving the page (wrapped window.fetch) and as requests recorded by the server (/api/test/requests?threadId=), in every run (loop and element); each follow-up carried ${calls} successful tool results.`,
      },
    ];
  },
};

// --- 4. Bundle weight -----------------------------------------------------------------------------------------------

const BUNDLE_PAGES = ['element', 'naive', 'libraries'];
const MARKDOWN_REPLY =
  'Here is **bold**, _emphasis_, `code` and a [link](https://example.com).\n\n- one\n- two\n\n```js\nconst answer = 42;\n```\n';

const bundle = {
  id: 'bundle',
  async prepare(ctx) {
    for (const page of BUNDLE_PAGES) {
      await buildBundlePage({ root: ctx.root, page, outDir: join(ctx.outDir, `bundle-${page}`) });
    }
  },
  async run(ctx) {
    const measured = {};
    for (const page of BUNDLE_PAGES) {
      const base = `/bundle-${page}/`;
      const scripts = new Set();
      const onResponse = (response) => {
        if (response.request().resourceType() === 'script') {
          const file = servedFile(response.url(), base);
          if (file) scripts.add(file);
        }
      };
      const url = `/api/test/text?chunks=8&text=${encodeURIComponent(MARKDOWN_REPLY)}`;
      const reply = await ctx.withPage(`${base}index.html`, (call) => call('reply', { url }), { onResponse });
      if (!/<strong>bold<\/strong>/.test(reply) || !/<code/.test(reply) || !/<a /.test(reply)) {
        throw new Error(`the ${page} page did not render the markdown reply: ${reply.slice(0, 200)}`);
      }
      const dir = join(ctx.outDir, `bundle-${page}`);
      const sizes = measureFiles(dir, [...scripts]);
      const loadedFiles = sizes.files.filter((f) => f.loaded).map((f) => f.file);
      const breakdown = attribute(dir, loadedFiles, sizes.gzip);
      breakdown.chains = importChains(dir, breakdown.packages.map((p) => p.name));
      measured[page] = { ...sizes, breakdown };
    }
    const element = measured.element;
    const naive = measured.naive;
    const libraries = measured.libraries;
    ctx.shared.bundle = measured;
    printBreakdown(ctx, 'ag-ui-lit page', element);

    const listFiles = (m) =>
      m.files.map((f) => `${f.file} ${kib(f.gzip)} gz${f.loaded ? '' : ' (not loaded)'}`).join(', ');
    const figure = '4 bundle (JS loaded)';
    const top = element.breakdown.packages
      .slice(0, 6)
      .map((p) => `${p.name} ${kib(p.raw)} min / ~${kib(p.gzipShare)} gz`)
      .join(', ');
    return [
      {
        figure,
        contender: '<ag-ui-agent> page, gzip -9',
        median: element.gzip / KiB,
        unit: 'KiB',
        reference: `naive ${kib(naive.gzip)}`,
        ratio: element.gzip / naive.gzip,
        target: '<= 75 KiB',
        verdict: verdict(element.gzip <= 75 * KiB),
        note: `Files: ${listFiles(element)}. Biggest packages (minified bytes, share of gzip): ${top}.`,
      },
      { figure, contender: '<ag-ui-agent> page, minified', median: element.raw / KiB, unit: 'KiB', reference: `naive ${kib(naive.raw)}`, ratio: element.raw / naive.raw, target: 'report' },
      { figure, contender: '<ag-ui-agent> page, brotli -q 11', median: element.brotli / KiB, unit: 'KiB', reference: `naive ${kib(naive.brotli)}`, ratio: element.brotli / naive.brotli, target: 'report' },
      {
        figure,
        contender: 'naive: lit + HttpAgent + zod + marked + DOMPurify, gzip',
        median: naive.gzip / KiB,
        unit: 'KiB',
        target: 'reference',
        note: `Files: ${listFiles(naive)}. Minified ${kib(naive.raw)}, brotli ${kib(naive.brotli)}.`,
      },
      {
        figure,
        contender: 'lower bound: the required libraries alone, gzip',
        median: libraries.gzip / KiB,
        unit: 'KiB',
        reference: `<ag-ui-agent> ${kib(element.gzip)}`,
        ratio: libraries.gzip / element.gzip,
        target: 'report',
        note:
          `No ag-ui-lit code: lit + the @ag-ui/client pieces <ag-ui-agent url> uses (runHttpRequest, parseSSEStream, transformChunks, verifyEvents) + marked + DOMPurify, ` +
          `rendering the same reply (${listFiles(libraries)}). By package (gzip share): ` +
          libraries.breakdown.packages.slice(0, 8).map((p) => `${p.name} ~${kib(p.gzipShare)}`).join(', ') +
          `. Any import from @ag-ui/client keeps zod and @ag-ui/core's event schemas: its single-file bundle builds zod schemas at module top level ` +
          `(e.g. the enforcement stage's schema map), which a bundler must keep. Whatever an element adds comes on top of this.`,
      },
    ];
  },
};

function printBreakdown(ctx, title, measured) {
  const { packages, modules, rawTotal } = measured.breakdown;
  ctx.log(`${title}: ${kib(measured.raw)} minified, ${kib(measured.gzip)} gzip, ${kib(measured.brotli)} brotli; by package (source maps):`);
  for (const p of packages) {
    ctx.log(`  ${p.name.padEnd(28)} ${kib(p.raw).padStart(10)} min  ${(((100 * p.raw) / rawTotal).toFixed(1) + '%').padStart(6)}  ~${kib(p.gzipShare).padStart(9)} gz share  ${kib(p.gzipAlone).padStart(9)} gz alone`);
  }
  ctx.log('  biggest modules:');
  for (const m of modules.slice(0, 25)) ctx.log(`    ${kib(m.raw).padStart(9)}  ${m.name}`);
  ctx.log('  why each package is there (shortest import chain from the page):');
  for (const p of packages.filter((p) => measured.breakdown.chains?.[p.name]).slice(0, 10)) {
    ctx.log(`    ${p.name}: ${measured.breakdown.chains[p.name].join(' -> ')}`);
  }
}

// --- 5. Long threads ------------------------------------------------------------------------------------------------

const longThread = {
  id: 'long-thread',
  async run(ctx) {
    const reps = ctx.quick ? 3 : 7;
    const runs = { 50: [], 5000: [], 10000: [] };
    for (let rep = 0; rep < reps; rep++) {
      for (const size of rotate([50, 5000], rep)) runs[size].push(await ctx.inPage('/long-thread.html', 'thread', { messages: size }));
    }
    for (let rep = 0; rep < (ctx.quick ? 1 : 2); rep++) runs[10000].push(await ctx.inPage('/long-thread.html', 'thread', { messages: 10_000 }));
    ctx.log(Object.entries(runs).map(([size, r]) => `${size}: ${r.map((x) => `${ms(x.ms)}/${x.nodes} nodes`).join(', ')}`).join('; '));
    ctx.shared['long-thread'] = runs;
    const med = (size, key) => ctx.median(runs[size].map((r) => r[key]));
    const via = runs[5000][0].via;
    const figure = '5 long thread';
    const independent = med(10000, 'nodes') <= med(5000, 'nodes') * 1.05;
    return [
      {
        figure,
        contender: '5,000 messages: set -> first paint at bottom',
        median: med(5000, 'ms'),
        unit: 'ms',
        reference: `50 msgs ${ms(med(50, 'ms'))}`,
        ratio: med(5000, 'ms') / med(50, 'ms'),
        target: '<= 3.00x',
        verdict: verdict(med(5000, 'ms') / med(50, 'ms') <= 3),
        note:
          `Thread set through ${via === 'messages' ? 'the element\'s messages property' : 'the `agent` property (an HttpAgent seeded with the messages; <ag-ui-agent> has no messages setter)'}; ` +
          `mixed rounds of user text, markdown reply, tool call, tool result, short reply. 10,000 messages: ${ms(med(10000, 'ms'))}.`,
      },
      {
        figure,
        contender: '5,000 messages: DOM nodes in the shadow root',
        median: med(5000, 'nodes'),
        unit: 'nodes',
        reference: `50 msgs ${med(50, 'nodes')}`,
        ratio: med(5000, 'nodes') / med(50, 'nodes'),
        target: 'independent of length',
        verdict: verdict(independent),
        note: `Every node (elements, text, comments) under the shadow root, recursively. Independence is judged on the next row (10,000 vs 5,000 messages); a 50-message thread has fewer entries than the render window, so it is smaller.`,
      },
      {
        figure,
        contender: '10,000 messages: DOM nodes',
        median: med(10000, 'nodes'),
        unit: 'nodes',
        reference: `5,000 msgs ${med(5000, 'nodes')}`,
        ratio: med(10000, 'nodes') / med(5000, 'nodes'),
        target: '<= 1.05x',
        verdict: verdict(independent),
      },
    ];
  },
};

/** In the order they run: figure 3 uses figure 2's per-execution overhead. */
export const figures = [ingest, tools, fanout, bundle, longThread];
