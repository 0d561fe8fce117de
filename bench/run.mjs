#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --only=ingest,tools,fanout,bundle,long-thread]`
// Builds the benchmark pages with Vite (production mode), serves them with the AG-UI test agents on 127.0.0.1
// (`vite preview` + web/server's middleware; streams encoded with @ag-ui/encoder), drives /usr/bin/chromium (or
// $CHROME_PATH) headless over the DevTools protocol (bench/cdp-browser.mjs: no Network domain, see there), runs each
// figure several times and prints one table: figure, contender, median, floor or peer, ratio, target, verdict
// (+ notes). Writes bench/results.json.
// Benchmarks are never part of `npm test`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { launchBrowser } from './cdp-browser.mjs';
import { CHROME_ARGS, findChrome, NO_CHROME_MESSAGE } from '../scripts/find-chrome.mjs';
import { formatNotes, formatTable } from './table.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const wanted = (name) => !only || only.includes(name);
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
const rows = [];
const results = { date: new Date().toISOString(), quick, chrome: executablePath, cpus: (await import('node:os')).cpus().length, figures: {} };
const { figures } = await import('./figures.mjs');
const selected = figures.filter((figure) => wanted(figure.id));

console.log(`Building benchmark pages${quick ? ' (quick)' : ''}...`);
await build({ configFile: `${root}bench/vite.config.ts`, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const ctx = { quick, root, outDir, median, summarize, repeat, shared: {}, log: (message) => console.log(`  ${message}`) };
// Figures that build pages of their own do it before the server starts (it serves what is on disk then).
for (const figure of selected) await figure.prepare?.(ctx);

const server = await preview({
  configFile: `${root}bench/vite.config.ts`,
  logLevel: 'warn',
  build: { outDir },
  preview: { host: '127.0.0.1', port: 0, strictPort: false },
});
const base = server.resolvedUrls?.local?.[0] ?? `http://127.0.0.1:${server.httpServer.address().port}/`;
const browser = await launchBrowser({
  executablePath,
  // gc() and exact performance.memory for the heap figures.
  args: [...CHROME_ARGS, '--js-flags=--expose-gc', '--enable-precise-memory-info'],
});

/** Longest a single page call may take (the stock `runAgent` at N = 100,000 takes about a minute). */
const CALL_TIMEOUT_MS = 300_000;

/**
 * Opens a fresh page on `path` and hands `fn` a `call(name, params)` that runs `window.bench[name](params)` in it
 * (several contenders can then run in the same page, on the same stream).
 */
async function withPage(path, fn, { onResponse } = {}) {
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
    return await fn(call);
  } catch (error) {
    if (errors.length) console.error(`  page errors on ${path}:\n    ${errors.join('\n    ')}`);
    throw error;
  } finally {
    await page.close();
  }
}

/** Opens a fresh page on `path` and calls `window.bench[name](params)` in it. */
const inPage = (path, name, params) => withPage(path, (call) => call(name, params));

Object.assign(ctx, { base, browser, withPage, inPage });
let failure;
try {
  for (const figure of selected) {
    console.log(`Running ${figure.id}... (${elapsed()})`);
    try {
      const figureRows = await figure.run(ctx);
      results.figures[figure.id] = { rows: figureRows, details: ctx.shared[figure.id] };
      rows.push(...figureRows);
    } catch (error) {
      // A broken contender must not look fast, nor hide the other figures: report it and go on.
      console.error(`  ${figure.id} failed: ${error?.stack ?? error}`);
      failure ??= error;
      const row = { figure: figure.id, contender: 'benchmark failed', verdict: 'ERROR', note: String(error?.message ?? error).split('\n')[0] };
      results.figures[figure.id] = { rows: [row], error: String(error?.stack ?? error) };
      rows.push(row);
    }
  }
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}

results.seconds = Math.round((performance.now() - started) / 1000);
console.log(`\n${formatTable(rows)}\n`);
const notes = formatNotes(rows);
if (notes) console.log(`${notes}\n`);
writeFileSync(`${root}bench/results.json`, `${JSON.stringify({ ...results, rows }, null, 2)}\n`);
// The same table as Markdown, ready for the README's Performance section.
const os = await import('node:os');
const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${executablePath}`;
writeFileSync(
  `${root}bench/results.md`,
  `<!-- written by \`npm run bench${quick ? ' -- --quick' : ''}\` on ${results.date} -->\n` +
    `\`npm run bench${quick ? ' -- --quick' : ''}\`, ${results.date.slice(0, 10)}, ${machine}, ${results.seconds} s.\n\n${formatTable(rows)}\n\n` +
    `${notes ? `${notes.split('\n').join('\n\n')}\n` : ''}`,
);
console.log(`Wrote bench/results.json and bench/results.md (${results.seconds} s${quick ? ', quick' : ''})`);
const missed = rows.filter((r) => r.verdict === 'MISSED');
if (missed.length) console.log(`${missed.length} target(s) missed.`);
if (failure) process.exitCode = 1;
