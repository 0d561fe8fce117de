#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --only=ingest,tools,fanout,bundle,long-thread,paced,payload,restore] [-- --baseline <git ref>]`
// Builds the benchmark pages with Vite (production mode), serves them with the AG-UI test agents on 127.0.0.1
// (`vite preview` + web/server's middleware; streams encoded with @ag-ui/encoder), drives /usr/bin/chromium (or
// $CHROME_PATH) headless over the DevTools protocol (bench/cdp-browser.mjs: no Network domain, see there), runs each
// figure several times and prints one table: figure, contender, median, floor or peer, ratio, target, verdict
// (+ notes). Writes bench/results.json.
// With `--baseline <ref>`, the ref's build runs beside the current one (bench/baseline.mjs): each figure's pages
// alternate between the two builds in the same browser, and the table gets the baseline's median and current / baseline.
// Benchmarks are never part of `npm test`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { launchBrowser } from './cdp-browser.mjs';
import { CHROME_ARGS, findChrome, NO_CHROME_MESSAGE } from '../scripts/find-chrome.mjs';
import { formatNotes, formatTable } from './table.mjs';
import { addBaselineWorktree, mergeBaselineRows, Turns } from './baseline.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const wanted = (name) => !only || only.includes(name);
const baselineArg = args.findIndex((a) => a === '--baseline' || a.startsWith('--baseline='));
const baselineRef = baselineArg === -1 ? undefined : args[baselineArg].includes('=') ? args[baselineArg].slice('--baseline='.length) : args[baselineArg + 1];
if (baselineArg !== -1 && !baselineRef) {
  console.error('--baseline needs a git ref, e.g. --baseline HEAD~1');
  process.exit(1);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}node_modules/.cache/ag-ui-lit/bench-pages`;

const executablePath = findChrome();
if (!executablePath) {
  console.error(NO_CHROME_MESSAGE);
  process.exit(1);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The per-key medians of the numeric results of `runs` (and the runs themselves, as `runs`). */
function summarize(runs) {
  const keys = Object.keys(runs[0]).filter((k) => typeof runs[0][k] === 'number');
  return { ...Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])), runs };
}

/** Runs `fn` `times` times and returns `summarize()` of the results. */
async function repeat(times, fn) {
  const runs = [];
  for (let i = 0; i < times; i++) runs.push(await fn(i));
  return summarize(runs);
}

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const log = (message) => console.log(`  ${message}`);
const rows = [];
const results = { date: new Date().toISOString(), quick, chrome: executablePath, cpus: (await import('node:os')).cpus().length, figures: {} };

/** Longest a single page call may take (the stock `runAgent` at N = 100,000 takes about a minute). */
const CALL_TIMEOUT_MS = 300_000;

/** One build under test: its tree, its figures, its pages (built into `outDir`) and the server that serves them. */
const builds = [{ side: 'current', root, outDir, figures: (await import('./figures.mjs')).figures }];
let worktree;
const removeWorktree = () => worktree?.remove();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    removeWorktree();
    process.exit(130);
  });
}

let browser;
const servers = [];
let failure;
try {
  if (baselineRef) {
    worktree = addBaselineWorktree(baselineRef, root, log);
    console.log(`Baseline ${baselineRef} (${worktree.commit.slice(0, 12)}) in ${worktree.root} (${worktree.sharedModules ? 'node_modules shared' : 'npm ci'})`);
    const { figures: baselineFigures } = await import(`${worktree.root}bench/figures.mjs`);
    builds.push({ side: 'baseline', root: worktree.root, outDir: `${outDir}-baseline`, figures: baselineFigures });
  }
  const selected = builds[0].figures.filter((figure) => wanted(figure.id));

  for (const b of builds) {
    console.log(`Building ${b.side} benchmark pages${quick ? ' (quick)' : ''}...`);
    await build({ configFile: `${b.root}bench/vite.config.ts`, logLevel: 'warn', build: { outDir: b.outDir, emptyOutDir: true } });
  }
  const turns = new Turns(builds.map((b) => b.side));
  for (const b of builds) {
    const prefix = builds.length > 1 ? `[${b.side}] ` : '';
    b.ctx = { quick, root: b.root, outDir: b.outDir, median, summarize, repeat, shared: {}, log: (message) => log(`${prefix}${message}`) };
    // Figures that build pages of their own do it before the server starts (it serves what is on disk then).
    for (const figure of selected) await b.figures.find((f) => f.id === figure.id)?.prepare?.(b.ctx);
  }

  for (const b of builds) {
    const server = await preview({
      configFile: `${b.root}bench/vite.config.ts`,
      logLevel: 'warn',
      build: { outDir: b.outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    servers.push(server);
    b.base = server.resolvedUrls?.local?.[0] ?? `http://127.0.0.1:${server.httpServer.address().port}/`;
  }
  browser = await launchBrowser({
    executablePath,
    // gc() and exact performance.memory for the heap figures.
    args: [...CHROME_ARGS, '--js-flags=--expose-gc', '--enable-precise-memory-info'],
  });

  for (const b of builds) {
    /**
     * Opens a fresh page on `path` of this build and hands `fn` a `call(name, params)` that runs
     * `window.bench[name](params)` in it (several contenders can then run in the same page, on the same stream).
     * With a baseline, the page waits for this build's turn (see `Turns`).
     */
    const withPage = (path, fn, options) => (builds.length > 1 ? turns.run(b.side, () => openPage(b.base, path, fn, options)) : openPage(b.base, path, fn, options));
    Object.assign(b.ctx, { base: b.base, browser, withPage, inPage: (path, name, params) => withPage(path, (call) => call(name, params)) });
  }

  for (const figure of selected) {
    console.log(`Running ${figure.id}${builds.length > 1 ? ', current and baseline interleaved' : ''}... (${elapsed()})`);
    const runs = await Promise.all(
      builds.map(async (b) => {
        const own = b.figures.find((f) => f.id === figure.id);
        try {
          if (!own) {
            b.ctx.log(`no figure "${figure.id}" in this build: current build only`);
            return undefined;
          }
          return { rows: await own.run(b.ctx) };
        } catch (error) {
          // A broken contender must not look fast, nor hide the other figures: report it and go on.
          console.error(`  ${b.side} ${figure.id} failed: ${error?.stack ?? error}`);
          return { error };
        } finally {
          turns.finish(b.side);
        }
      }),
    );
    // Both sides take turns again in the next figure.
    for (const b of builds) turns.reopen(b.side);
    const [current, baseline] = runs;
    let figureRows = current.rows;
    if (current.error) {
      failure ??= current.error;
      figureRows = [{ figure: figure.id, contender: 'benchmark failed', verdict: 'ERROR', note: String(current.error?.message ?? current.error).split('\n')[0] }];
    }
    results.figures[figure.id] = { rows: figureRows, details: builds[0].ctx.shared[figure.id], ...(current.error && { error: String(current.error?.stack ?? current.error) }) };
    if (builds.length > 1) {
      if (baseline?.rows) figureRows = mergeBaselineRows(figureRows, baseline.rows);
      else figureRows = figureRows.map((row) => ({ ...row, baseline: undefined, baselineNote: baseline?.error ? 'baseline failed' : 'n/a (not in baseline)' }));
      results.figures[figure.id].baseline = baseline?.rows ? { rows: baseline.rows, details: builds[1].ctx.shared[figure.id] } : { error: baseline ? String(baseline.error ?? '') : 'not in baseline' };
    }
    rows.push(...figureRows);
  }
} finally {
  await browser?.close();
  for (const server of servers) await new Promise((resolve) => server.httpServer.close(resolve));
  removeWorktree();
}

/** Opens a fresh page on `base` + `path` and hands `fn` a `call(name, params)` (see `withPage` above). */
async function openPage(base, path, fn, { onResponse } = {}) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  const errors = [];
  try {
    page.onPageError((message) => errors.push(message));
    page.onConsoleError((message) => errors.push(message));
    if (onResponse) await page.onResponse(onResponse);
    await page.goto(new URL(path, base).href);
    await page.waitFor('window.bench !== undefined', 30_000);
    const call = (name, params = {}) => {
      let timer;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${path}: bench.${name}() did not finish within ${CALL_TIMEOUT_MS / 1000} s`)), CALL_TIMEOUT_MS);
      });
      const expression = `window.bench[${JSON.stringify(name)}](${JSON.stringify(params)})`;
      return Promise.race([page.evaluate(expression), timeout]).finally(() => clearTimeout(timer));
    };
    return await fn(call, page);
  } catch (error) {
    if (errors.length) console.error(`  page errors on ${path}:\n    ${errors.join('\n    ')}`);
    throw error;
  } finally {
    await page.close();
  }
}

results.seconds = Math.round((performance.now() - started) / 1000);
const baselineTitle = baselineRef && `${baselineRef} (${worktree.commit.slice(0, 12)})`;
if (baselineRef) results.baseline = { ref: baselineRef, commit: worktree.commit };
const table = formatTable(rows, { baseline: baselineTitle });
console.log(`\n${table}\n`);
const notes = formatNotes(rows);
if (notes) console.log(`${notes}\n`);
writeFileSync(`${root}bench/results.json`, `${JSON.stringify({ ...results, rows }, null, 2)}\n`);
// The same table as Markdown, ready for bench/README.md.
const os = await import('node:os');
const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${executablePath}`;
const command = `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`;
writeFileSync(
  `${root}bench/results.md`,
  `<!-- written by \`${command}\` on ${results.date} -->\n` +
    `\`${command}\`, ${results.date.slice(0, 10)}, ${machine}, ${results.seconds} s.\n\n${table}\n\n` +
    `${notes ? `${notes.split('\n').join('\n\n')}\n` : ''}`,
);
console.log(`Wrote bench/results.json and bench/results.md (${results.seconds} s${quick ? ', quick' : ''})`);
const missed = rows.filter((r) => r.verdict === 'MISSED');
if (missed.length) console.log(`${missed.length} target(s) missed.`);
if (failure) process.exitCode = 1;
