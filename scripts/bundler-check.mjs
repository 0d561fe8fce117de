// Do the package's entries bundle where users bundle? Makes a fresh app that has only the packed ag-ui-lit and zod
// (its runtime dependencies beside it, none of its optional peers), and bundles a one-line page per entry of
// package.json `exports` (`import 'ag-ui-lit/<entry>'`) with esbuild, Rollup (+ @rollup/plugin-node-resolve), webpack
// and Vite. Each must succeed: an import of an optional peer from the default graph breaks every bundler but Vite.
// Then checks that a Vite app that imports `ag-ui-lit` and never sets `persist` loads no IndexedDB store code.
// `npm test` runs it with esbuild and Vite (tests/node/package-bundlers.test.ts: they fail on the same unresolved
// imports as Rollup and webpack, in a fraction of the time); `npm run pack-check` runs all four. Alone:
// `node scripts/bundler-check.mjs [--bundlers=esbuild,rollup,webpack,vite] [--no-build] [--keep] [--json]`
// (`--no-build` packs what dist/ holds, `--keep` keeps the temporary folder, `--json` prints the results as JSON).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ours = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** The optional peers: a fresh app without them is what the check builds. */
export const OPTIONAL_PEERS = Object.entries(ours.peerDependenciesMeta ?? {})
  .filter(([, meta]) => meta.optional)
  .map(([name]) => name);

/**
 * Entries that exist to reach an optional peer (the page that imports them installs it), and the bundle, which is
 * for pages without a bundler (it leaves the A2UI renderer to an import map). Every other entry is checked.
 */
export const OPT_IN_ENTRIES = {
  './mcp': '@modelcontextprotocol/sdk and @cfworker/json-schema',
  './a2ui': '@a2ui/lit',
  './react': 'react',
  './react/inspector': 'react',
  './webmcp': '@cfworker/json-schema',
  './bundle': 'no bundler: one file for a static page',
};

export const BUNDLERS = ['esbuild', 'rollup', 'webpack', 'vite'];

/**
 * Strings found only in the IndexedDB store's code: the IndexedDB calls of its schema upgrade and `idb`'s cursor and
 * open wrappers. None of them may be in what a page without `persist` loads up front.
 */
export const INDEXED_DB_MARKERS = ['createObjectStore', 'continuePrimaryKey', 'upgradeneeded'];

/** The package.json `exports` entries to bundle, as specifiers (`ag-ui-lit`, `ag-ui-lit/tools`, ...). */
export function checkedEntries(exportsField = ours.exports) {
  return Object.entries(exportsField)
    .filter(([entry, target]) => typeof target === 'object' && target.import && !(entry in OPT_IN_ENTRIES))
    .map(([entry]) => (entry === '.' ? 'ag-ui-lit' : `ag-ui-lit${entry.slice(1)}`));
}

/** Runs a command in `cwd`; resolves with its stdout, rejects with the output's tail when it fails. */
function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (text) => {
      stdout += text;
      output += text;
    });
    child.stderr.on('data', (text) => (output += text));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/**
 * Packs the package and lays out a fresh app in `work/app`: node_modules/ag-ui-lit is the unpacked tarball (so only
 * the files a user gets), zod and ag-ui-lit's runtime dependencies are links to this repository's installed copies
 * (offline, and at the versions the repository tests), and no optional peer is there. Packages under the links
 * resolve their own dependencies from this repository, as hoisting would; what ag-ui-lit itself imports resolves from
 * the app only.
 * @param {string} work - an empty folder
 * @param {{ build?: boolean, tarball?: string }} options - `tarball`: install that one; `build: false` packs the
 *   repository as it is (after `npm run build`); by default the library is built into `work/package` and that is
 *   packed, leaving the repository's dist/ alone
 * @returns the app's folder
 */
export async function makeFreshApp(work, { build = true, tarball } = {}) {
  let packed = ROOT;
  if (build && !tarball) {
    // The library build is all that bundling needs (no declarations, manifest or no-build bundle).
    packed = join(work, 'package');
    const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
    await run(process.execPath, [vite, 'build', '--outDir', join(packed, 'dist'), '--emptyOutDir', '--logLevel', 'warn'], ROOT);
    cpSync(join(ROOT, 'package.json'), join(packed, 'package.json'));
  }
  if (!tarball) {
    const [{ filename }] = JSON.parse(await run('npm', ['pack', packed, '--json', '--ignore-scripts', '--pack-destination', work], work));
    tarball = join(work, filename);
  }
  const app = join(work, 'app');
  const packageDir = join(app, 'node_modules/ag-ui-lit');
  mkdirSync(packageDir, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1'], work);
  for (const name of ['zod', ...Object.keys(ours.dependencies)]) {
    const link = join(app, 'node_modules', name);
    mkdirSync(join(link, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), link, 'dir');
  }
  for (const peer of OPTIONAL_PEERS) if (existsSync(join(app, 'node_modules', peer))) throw new Error(`the fresh app has ${peer}`);
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'fresh-app', private: true, type: 'module', dependencies: { 'ag-ui-lit': '*', zod: '*' } }, null, 2)}\n`);
  return app;
}

/** Writes `src/<name>.js`, a page that imports `specifier`; @returns its path */
function writePage(app, name, specifier) {
  mkdirSync(join(app, 'src'), { recursive: true });
  const page = join(app, 'src', `${name}.js`);
  writeFileSync(page, `import '${specifier}';\n`);
  return page;
}

/** The first lines of an error, enough to say what did not resolve. */
const firstLines = (error) => String(error?.message ?? error).split('\n').slice(0, 6).join('\n');

/** Bundles `page` with `bundler` into `outDir`; resolves when it succeeded, rejects with the bundler's error. */
export async function bundle(bundler, app, page, outDir) {
  if (bundler === 'esbuild') {
    const { build } = await import('esbuild');
    await build({ absWorkingDir: app, entryPoints: [page], bundle: true, format: 'esm', platform: 'browser', splitting: true, outdir: outDir, logLevel: 'silent' });
  } else if (bundler === 'rollup') {
    const { rollup } = await import('rollup');
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const build = await rollup({
      input: page,
      plugins: [nodeResolve({ browser: true, rootDir: app })],
      // Rollup only warns about an import it cannot resolve (and leaves it external): for a page that is an error.
      // Other warnings (circular imports in dependencies, `this` at the top level) are not what is checked here.
      onwarn(warning) {
        if (warning.code === 'UNRESOLVED_IMPORT') throw new Error(warning.message);
      },
    });
    try {
      await build.write({ dir: outDir, format: 'es' });
    } finally {
      await build.close();
    }
  } else if (bundler === 'webpack') {
    const { default: webpack } = await import('webpack');
    const stats = await new Promise((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: app,
          entry: page,
          output: { path: outDir },
          // Resolution is under test, not minification (terser would triple the time).
          optimization: { minimize: false },
          devtool: false,
          performance: { hints: false },
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
  } else if (bundler === 'vite') {
    return viteBuild(app, page, outDir);
  } else {
    throw new Error(`unknown bundler ${bundler}`);
  }
  return undefined;
}

/** A Vite app build of `page`; @returns its output chunks */
async function viteBuild(app, page, outDir) {
  const { build } = await import('vite');
  const output = await build({
    root: app,
    configFile: false,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, minify: false, rolldownOptions: { input: page } },
  });
  return (Array.isArray(output) ? output : [output]).flatMap((result) => result.output).filter((file) => file.type === 'chunk');
}

/** The code a page loads before anything it `import()`s: its entry chunks and what they import statically. */
export function upFrontCode(chunks) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set();
  const queue = chunks.filter((chunk) => chunk.isEntry);
  while (queue.length) {
    const chunk = queue.pop();
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const name of chunk.imports) if (byName.has(name)) queue.push(byName.get(name));
  }
  return [...seen].map((chunk) => chunk.code).join('\n');
}

/**
 * Bundles every checked entry with every bundler in the fresh `app`, then checks the Vite app of the main entry for
 * IndexedDB store code.
 * @returns `{ results: [{ entry, bundler, ok, error?, ms }], indexedDb: { upFront: string[], lazy: string[] } }`:
 *   `upFront` the markers found in what the main page loads up front (should be none), `lazy` those found in its
 *   other chunks (the store `persist` loads)
 */
export async function checkBundlers(app, { entries = checkedEntries(), bundlers = BUNDLERS } = {}) {
  const results = [];
  let indexedDb;
  for (const [index, entry] of entries.entries()) {
    const page = writePage(app, `page-${index}`, entry);
    for (const bundler of bundlers) {
      const start = performance.now();
      const outDir = join(app, 'out', bundler, String(index));
      try {
        const chunks = await bundle(bundler, app, page, outDir);
        results.push({ entry, bundler, ok: true, ms: Math.round(performance.now() - start) });
        if (bundler === 'vite' && entry === 'ag-ui-lit') {
          const upFront = upFrontCode(chunks);
          const all = chunks.map((chunk) => chunk.code).join('\n');
          indexedDb = {
            upFront: INDEXED_DB_MARKERS.filter((marker) => upFront.includes(marker)),
            lazy: INDEXED_DB_MARKERS.filter((marker) => all.includes(marker) && !upFront.includes(marker)),
          };
        }
      } catch (error) {
        results.push({ entry, bundler, ok: false, error: firstLines(error), ms: Math.round(performance.now() - start) });
      }
    }
  }
  return { results, indexedDb };
}

/** Runs the whole check in a temporary folder; @returns what `checkBundlers` returns, plus the folder */
export async function runBundlerCheck({ build = true, keep = false, entries, bundlers } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'ag-ui-lit-bundlers-'));
  try {
    const app = await makeFreshApp(work, { build });
    return { work, ...(await checkBundlers(app, { entries, bundlers })) };
  } finally {
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = new Set(process.argv.slice(2));
  const bundlers = process.argv.find((arg) => arg.startsWith('--bundlers='))?.slice('--bundlers='.length).split(',');
  const start = performance.now();
  const report = await runBundlerCheck({ build: !args.has('--no-build'), keep: args.has('--keep'), bundlers });
  const passed = report.results.every((result) => result.ok) && report.indexedDb?.upFront.length === 0;
  if (args.has('--json')) {
    console.log(JSON.stringify(report));
  } else {
    for (const { entry, bundler, ok, error, ms } of report.results) {
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${entry.padEnd(24)} ${bundler.padEnd(8)} ${String(ms).padStart(6)} ms${error ? `\n     ${error.replaceAll('\n', '\n     ')}` : ''}`);
    }
    const { upFront, lazy } = report.indexedDb ?? { upFront: [], lazy: [] };
    console.log(`IndexedDB store code in a Vite page of ag-ui-lit: up front ${upFront.join(', ') || 'none'}; lazy ${lazy.join(', ') || 'none'}`);
    if (args.has('--keep')) console.log(`kept ${report.work}`);
    console.log(`${((performance.now() - start) / 1000).toFixed(1)} s: bundler check ${passed ? 'passed' : 'FAILED'}`);
  }
  process.exit(passed ? 0 : 1);
}
