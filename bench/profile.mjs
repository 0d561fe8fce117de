#!/usr/bin/env node
// Explains a benchmark's long tasks: runs one contender under a Chrome trace and prints, for every main-thread task
// over 50 ms, what it spent its time on (trace events: scripting, style, layout, paint, GC) and the JS functions
// with the most self time inside it (CPU profile samples). Not part of `npm run bench`; for digging into a MISSED row.
//
//   node bench/profile.mjs ingest element 100000     # figure 1, contender (a|b|c = floor|stock|element), N
//   node bench/profile.mjs long-thread thread 5000   # figure 5
//   node bench/profile.mjs fanout loop 1000 --light  # figure 3 (--light: no timeline categories, see below)
//   node bench/profile.mjs paced element 1500        # figure 6 (element|floor, deltas at 60/s; --rate=N to change);
//                                                     # add --invalidations for what invalidated style and layout
//   node bench/profile.mjs payload payload 1500000 --delta=65536   # figure 7 (size: characters of arguments;
//                                                   # --partial: a listener reads each delta's partialArgs)
//   node bench/profile.mjs restore restore 5000      # figure 8 (size: messages, a tenth of them tool calls)
//   add --warm to run the contender once, unmeasured, before the traced run
// Builds the pages unminified (function names as in the sources); --no-build reuses the last such build.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { launchBrowser } from './cdp-browser.mjs';
import { CHROME_ARGS, findChrome, NO_CHROME_MESSAGE } from '../scripts/find-chrome.mjs';

const [figure = 'ingest', fn = 'element', size = '100000'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const noBuild = process.argv.includes('--no-build');
const root = fileURLToPath(new URL('..', import.meta.url));
// Unminified, so that the profile names functions as the sources do.
const outDir = `${root}node_modules/.cache/ag-ui-lit/bench-pages-profile`;
const executablePath = findChrome();
if (!executablePath) {
  console.error(NO_CHROME_MESSAGE);
  process.exit(1);
}
if (!noBuild || !existsSync(`${outDir}/ingest.html`)) {
  await build({ configFile: `${root}bench/vite.config.ts`, logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: false } });
}
const server = await preview({ configFile: `${root}bench/vite.config.ts`, logLevel: 'warn', build: { outDir }, preview: { port: 0 } });
const base = server.resolvedUrls?.local?.[0];
const browser = await launchBrowser({ executablePath, args: [...CHROME_ARGS, '--js-flags=--expose-gc', '--enable-precise-memory-info'] });

// --light: only task boundaries and the sampling profiler. The timeline categories record every DOM event dispatch
// (with a stack), which inflates dispatchEvent-heavy code (figure 3) several times over.
const LIGHT_CATEGORIES = ['toplevel', 'v8', 'disabled-by-default-v8.cpu_profiler'];
const CATEGORIES = process.argv.includes('--light') ? LIGHT_CATEGORIES : [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.gc',
  'blink.user_timing',
  ...(process.argv.includes('--invalidations') ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
];

try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  const call = (name, params) => page.evaluate(`window.bench[${JSON.stringify(name)}](${JSON.stringify(params)})`);
  const open = async (name) => {
    await page.goto(new URL(`/${name}.html`, base).href);
    await page.waitFor('window.bench !== undefined');
  };
  let params;
  let traced = fn;
  if (figure === 'paced') {
    // Figure 6: the expected rendering from the ingest page, then the contender's page, mounted, idle for 1 s.
    const rate = Number(process.argv.find((a) => a.startsWith('--rate='))?.slice(7) ?? 60);
    const stream = `/api/test/stream-bench?n=${size}&size=4&tools=0`;
    await open('ingest');
    const expected = await call('expected', { url: stream });
    params = { url: `${stream}&rate=${rate}`, expectedText: Number(size) * 4, expectedRendered: expected.rendered };
    await open(fn === 'floor' ? 'paced-floor' : 'paced');
    await call('mount', params);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    traced = 'reply';
  } else await open(figure);
  if (figure === 'paced') {
    // params set above
  } else if (figure === 'ingest') {
    const url = `/api/test/stream-bench?n=${size}&size=4&tools=10&fragments=8`;
    const expected = await call('expected', { url });
    params = { url, expectedText: expected.text, expectedRendered: expected.rendered, expectedToolCalls: 10 };
    await call('settle', {});
  } else if (figure === 'long-thread') params = { messages: Number(size) };
  else if (figure === 'payload') {
    // Figure 7: size = characters of arguments; --delta=N characters per TOOL_CALL_ARGS (default 65536).
    const delta = Number(process.argv.find((a) => a.startsWith('--delta='))?.slice(8) ?? 65536);
    params = { url: `/api/test/stream-bench?n=1&tools=1&argsBytes=${size}&argsDelta=${delta}`, argsLength: Number(size), readPartialArgs: process.argv.includes('--partial') };
    traced = 'payload';
  }
  else if (figure === 'restore') {
    // Figure 8: size = messages (tool calls: a tenth); the thread is written to IndexedDB, then a fresh page restores it.
    const seeded = await call('seed', { name: 'ag-ui-lit-bench-restore-profile', messages: Number(size), toolCalls: Number(size) / 10 });
    params = { name: 'ag-ui-lit-bench-restore-profile', threadId: seeded.threadId, lastId: seeded.lastId, lastText: seeded.lastText, messages: Number(size), toolCalls: Number(size) / 10, settleMs: 1000 };
    await open(figure);
    traced = 'restore';
  }
  else if (figure === 'fanout') params = { calls: Number(size) };
  else params = { n: Number(size) };

  // --warm: one unmeasured run of the same contender in the same page first (JIT-warm code, as in a long session).
  if (process.argv.includes('--warm')) {
    await call(fn, params);
    if (figure === 'ingest') await call('settle', {});
  }
  const chunks = [];
  page.onEvent('Tracing.dataCollected', (event) => chunks.push(...event.value));
  const complete = new Promise((resolve) => page.onEvent('Tracing.tracingComplete', resolve));
  await page.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  const result = await call(traced, params);
  await page.send('Tracing.end');
  await complete;
  console.log(`${figure}.${fn}(${JSON.stringify(params)}) ->`, JSON.stringify(result));
  analyze(chunks);
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}

function analyze(events) {
  const mainThread = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && (x.name === 'FunctionCall' || x.name === 'ProfileChunk')),
  );
  if (!mainThread) throw new Error('no renderer main thread in the trace');
  const { pid, tid } = mainThread;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number');
  const tasks = onMain.filter((e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur > 50_000);

  // CPU profile: nodes and samples, on the trace clock.
  const nodes = new Map();
  const samples = [];
  for (const e of events.filter((x) => x.pid === pid && (x.name === 'ProfileChunk' || x.name === 'Profile'))) {
    if (e.name === 'Profile') continue;
    const data = e.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    let time = samples.length ? samples[samples.length - 1][0] : events.find((x) => x.pid === pid && x.name === 'Profile')?.args?.data?.startTime ?? 0;
    ids.forEach((id, i) => {
      time += deltas[i] ?? 0;
      samples.push([time, id]);
    });
  }
  const parents = new Map();
  for (const node of nodes.values()) for (const child of node.children ?? []) parents.set(child, node.id);
  for (const node of nodes.values()) if (node.parent !== undefined) parents.set(node.id, node.parent);
  /** The most frequent caller chains (4 frames up) of the samples of `name` that pass `within(time)`. */
  const printCallers = (name, within, indent) => {
    const callers = new Map();
    for (const [time, id] of samples) {
      if (!within(time) || label(nodes.get(id)) !== name) continue;
      const chain = [];
      for (let node = parents.get(id); node !== undefined && chain.length < 4; node = parents.get(node)) chain.push(label(nodes.get(node)));
      const key = chain.join(' <- ');
      callers.set(key, (callers.get(key) ?? 0) + 1);
    }
    for (const [chain, k] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 3)) console.log(`${indent}${k} samples: <- ${chain}`);
  };
  const label = (node) => {
    const frame = node?.callFrame ?? {};
    const file = (frame.url ?? '').split('/').pop();
    return `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`.trim();
  };

  const all = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  // The whole window by source module: the unminified chunks start each module with a `// <path>` comment.
  {
    const markers = new Map();
    const moduleOf = (node) => {
      const frame = node?.callFrame ?? {};
      if (!frame.url) return frame.functionName?.startsWith('(') ? frame.functionName : '(browser: native APIs)';
      const file = frame.url.split('/').pop();
      if (!markers.has(file)) {
        const lines = existsSync(`${outDir}/assets/${file}`) ? readFileSync(`${outDir}/assets/${file}`, 'utf8').split('\n') : [];
        markers.set(file, lines.flatMap((line, i) => (/^\/\/ ((?:node_modules|web|bench)\/\S+)$/.test(line) ? [[i, line.slice(3)]] : [])));
      }
      let name = file;
      for (const [line, path] of markers.get(file)) if (line <= frame.lineNumber) name = path;
      return name;
    };
    const group = (path) => {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
      return m ? m[1] : path.startsWith('web/src/') ? `ag-ui-lit ${path.slice(8).split('/').slice(0, -1).join('/') || '.'}` : path;
    };
    const byModule = new Map();
    const byGroup = new Map();
    for (const [, id] of samples) {
      const module = moduleOf(nodes.get(id));
      byModule.set(module, (byModule.get(module) ?? 0) + 1);
      byGroup.set(group(module), (byGroup.get(group(module)) ?? 0) + 1);
    }
    const pct = (n) => `${((100 * n) / samples.length).toFixed(1).padStart(5)}%`;
    console.log(`self time by package (all samples of the run, idle included):`);
    for (const [name, n] of [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`   ${pct(n)}  ${name}`);
    console.log(`self time by module:`);
    for (const [name, n] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`   ${pct(n)}  ${name}`);
  }
  // The whole window, inclusive: the functions on the stack most often (a function counted once per sample).
  {
    const inclusive = new Map();
    for (const [, id] of samples) {
      const seen = new Set();
      for (let node = id; node !== undefined; node = parents.get(node)) {
        const name = label(nodes.get(node));
        if (seen.has(name) || name.startsWith('(root)')) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
      }
    }
    console.log(`inclusive time (a function and what it calls; idle included in the total):`);
    for (const [name, n] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
      console.log(`   ${((100 * n) / samples.length).toFixed(1).padStart(5)}%  ${name}`);
    }
  }
  // The whole window: where the main thread's time went (self time per function, from the samples).
  {
    const self = new Map();
    for (const [, id] of samples) {
      const name = label(nodes.get(id));
      self.set(name, (self.get(name) ?? 0) + 1);
    }
    const total = samples.length;
    console.log(`whole run: ${total} samples; top self time:`);
    for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      console.log(`   ${((100 * n) / total).toFixed(1).padStart(5)}%  ${name}`);
      if (n / total >= 0.05 && !name.startsWith('(')) printCallers(name, () => true, '        ');
    }
    const byName = new Map();
    for (const e of onMain) if (['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'MinorGC', 'MajorGC', 'ParseHTML', 'FunctionCall', 'FireAnimationFrame', 'RunMicrotasks', 'EvaluateScript', 'TimerFire'].includes(e.name)) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur);
    console.log(`   trace events (ms, nested overlap): ${[...byName].sort((a, b) => b[1] - a[1]).map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`).join(', ')}`);
  }
  // Rendering work per kind: how often, how long, and how much of the tree each pass touched.
  {
    const sum = (list, f) => list.reduce((total, e) => total + (f(e) ?? 0), 0);
    const of = (name) => onMain.filter((e) => e.name === name);
    const styles = of('UpdateLayoutTree');
    const layouts = of('Layout');
    console.log(
      `rendering: ${all.length} tasks, ${(sum(all, (e) => e.dur) / 1000).toFixed(0)} ms in tasks; ` +
        `style recalcs ${styles.length} (${(sum(styles, (e) => e.dur) / 1000).toFixed(1)} ms, ${sum(styles, (e) => e.args?.elementCount)} elements styled); ` +
        `layouts ${layouts.length} (${(sum(layouts, (e) => e.dur) / 1000).toFixed(1)} ms, dirty objects ${sum(layouts, (e) => e.args?.beginData?.dirtyObjects)}, ` +
        `of ${sum(layouts, (e) => e.args?.beginData?.totalObjects)} in all passes)`,
    );
    const others = ['PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'Commit', 'HitTest', 'IntersectionObserverController::computeIntersections', 'ParseHTML', 'MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'BeginMainThreadFrame', 'FireAnimationFrame', 'RunMicrotasks', 'FunctionCall', 'TimerFire', 'EventDispatch'];
    console.log(`   ${others.map((name) => [name, of(name)]).filter(([, list]) => list.length).map(([name, list]) => `${name} ${list.length}x ${(sum(list, (e) => e.dur) / 1000).toFixed(1)} ms`).join(', ')}`);
    // --invalidations: what marked style and layout dirty (node names and reasons), most frequent first.
    const invalidations = new Map();
    for (const e of events.filter((x) => x.pid === pid && /Invalidat/.test(x.name) && x.args?.data)) {
      const d = e.args.data;
      const key = `${e.name}: ${d.reason ?? d.changedClass ?? d.changedAttribute ?? d.changedPseudo ?? d.invalidationSet ?? ''} on ${d.nodeName ?? '?'}`.replace(/\s+/g, ' ');
      invalidations.set(key, (invalidations.get(key) ?? 0) + 1);
    }
    for (const [key, n] of [...invalidations].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`   ${String(n).padStart(6)}  ${key}`);
  }
  console.log(`main-thread tasks: ${all.length}, over 50 ms: ${tasks.length} (${(tasks.reduce((s, t) => s + t.dur, 0) / 1000).toFixed(0)} ms)`);
  const t0 = all[0]?.ts ?? 0;
  for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end);
    const byName = new Map();
    for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur);
    const kinds = [...byName]
      .filter(([name]) => !['RunTask', 'ThreadControllerImpl::RunTask'].includes(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, dur]) => `${name} ${(dur / 1000).toFixed(1)}`)
      .join(', ');
    console.log(`\n task at +${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms; events (ms, nested ones overlap): ${kinds}`);
    const self = new Map();
    let count = 0;
    for (const [time, id] of samples) {
      if (time < task.ts || time > end) continue;
      count++;
      const name = label(nodes.get(id));
      self.set(name, (self.get(name) ?? 0) + 1);
    }
    // Inclusive, within the task: a function and what it calls (counted once per sample).
    const inclusive = new Map();
    for (const [time, id] of samples) {
      if (time < task.ts || time > end) continue;
      const seen = new Set();
      for (let node = id; node !== undefined; node = parents.get(node)) {
        const name = label(nodes.get(node));
        if (seen.has(name) || name.startsWith('(root)')) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
      }
    }
    const named = [...inclusive].filter(([name]) => !/^(\(|[\w$]{1,3} |_\$[A-Z]{2} )/.test(name)).sort((a, b) => b[1] - a[1]).slice(0, 28);
    console.log(`   inclusive (of ${count} samples): ${named.map(([name, n]) => `${name.replace(/ \S+:\d+:\d+$/, '')} ${((100 * n) / Math.max(1, count)).toFixed(0)}%`).join(', ')}`);
    console.log('   self:');
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 10);
    for (const [name, n] of top) {
      console.log(`   ${((100 * n) / Math.max(1, count)).toFixed(0).padStart(3)}%  ${name}`);
      if (n / Math.max(1, count) < 0.15) continue;
      printCallers(name, (time) => time >= task.ts && time <= end, '          ');
    }
  }
}
