#!/usr/bin/env node
// `npm run pack-check`: does the package a user installs work where users are? Builds and packs ag-ui-lit
// (`npm run build`, `npm pack`), then makes four fresh apps in a temporary folder from tests/fixtures/pack-apps/ -
// Vite vanilla TypeScript, React 18 and React 19 (Vite + @vitejs/plugin-react), Vue 3 (Vite + @vitejs/plugin-vue) -
// installs the tarball into each (the vanilla app with the README's own `npm install <tarball> zod`; then the README
// and docs/ the package ships must link only to files inside it), and checks in each:
//   1. `tsc --noEmit` (Vue: `vue-tsc --noEmit`) passes: `document.querySelector('ag-ui-agent')` is the element class,
//      event details are typed, `defineTool` infers handler arguments, the React wrapper's JSX and the Vue template
//      (with `ag-ui-lit/vue`) are typed (each app's @ts-expect-error / @vue-expect-error lines fail the check if the
//      types are too loose);
//   2. the Custom Elements Manifest resolves (`ag-ui-lit/custom-elements.json` and package.json `customElements`);
//   3. `vite build` succeeds;
//   4. the built app, served over HTTP in headless Chromium, registers the `add` tool (as a property, not an
//      attribute), runs it for its in-page agent and receives `ag-ui-tool-call-end` (in React: through
//      `onToolCallEnd`), under the expected React version.
// Before the installs, the bundler check (scripts/bundler-check.mjs) with all four bundlers: in a fresh app with only
// ag-ui-lit and zod (no optional peer), a page importing each entry that names no optional peer bundles with esbuild,
// Rollup (+ @rollup/plugin-node-resolve), webpack and Vite, and a Vite page without `persist` has no IndexedDB store
// code up front (`npm test` runs it with esbuild and Vite only).
// Not part of `npm test`: it installs from the registry and takes minutes. Options: `--no-build` (pack what dist/
// holds), `--keep` (keep the temporary folder), `--only=bundlers,vanilla,react18,react19,vue`.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../bench/cdp-browser.mjs';
import { checkBundlers, makeFreshApp } from './bundler-check.mjs';
import { CHROME_ARGS, findChrome, NO_CHROME_MESSAGE } from './find-chrome.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TEMPLATES = join(ROOT, 'tests/fixtures/pack-apps');
const args = new Set(process.argv.slice(2));
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
const ours = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** Versions the apps install: the repository's own where it has them, so a check follows the repository's upgrades. */
const common = {
  zod: ours.devDependencies.zod,
  '@ag-ui/client': ours.dependencies['@ag-ui/client'],
  rxjs: ours.dependencies.rxjs,
  typescript: ours.devDependencies.typescript,
  vite: ours.devDependencies.vite,
};
const react = { '@vitejs/plugin-react': '^6.0.0' };
const APPS = [
  { name: 'vanilla', template: 'vanilla', body: '<ag-ui-agent></ag-ui-agent>\n<output id="result"></output>', dependencies: common, readmeInstall: true },
  {
    name: 'react18',
    template: 'react',
    body: '<div id="root"></div>',
    reactMajor: 18,
    dependencies: { ...common, ...react, react: '^18.3.1', 'react-dom': '^18.3.1', '@types/react': '^18.3.0', '@types/react-dom': '^18.3.0' },
  },
  {
    name: 'react19',
    template: 'react',
    body: '<div id="root"></div>',
    reactMajor: 19,
    dependencies: { ...common, ...react, react: '^19.0.0', 'react-dom': '^19.0.0', '@types/react': '^19.0.0', '@types/react-dom': '^19.0.0' },
  },
  {
    name: 'vue',
    template: 'vue',
    body: '<div id="app"></div>',
    typeChecker: 'vue-tsc',
    dependencies: { ...common, vue: ours.devDependencies.vue, 'vue-tsc': ours.devDependencies['vue-tsc'], '@vitejs/plugin-vue': '^6.0.0' },
  },
].filter((app) => !only || only.includes(app.name));

const timings = [];
/** Runs `fn`, recording how long it took under `label`. */
async function step(label, fn) {
  const start = performance.now();
  process.stdout.write(`- ${label} ... `);
  try {
    const value = await fn();
    const seconds = (performance.now() - start) / 1000;
    timings.push([label, seconds]);
    console.log(`ok (${seconds.toFixed(1)} s)`);
    return value;
  } catch (error) {
    console.log('FAILED');
    throw error;
  }
}

/** Runs a command in `cwd`; resolves with its output, rejects with the output's tail when it fails. */
function run(command, commandArgs, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd, env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' } });
    let output = '';
    child.stdout.on('data', (text) => (output += text));
    child.stderr.on('data', (text) => (output += text));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${commandArgs.join(' ')} (in ${cwd}) exited with ${code}:\n${output.slice(-6000)}`));
    });
  });
}

/** Writes an app from its template: package.json, index.html (`body`, then the template's main script), src/ (the
 * template's files but vite.config.ts, and the shared ones), configs. */
function writeApp(dir, app, tarball) {
  mkdirSync(join(dir, 'src'), { recursive: true });
  // The vanilla app gets ag-ui-lit and zod the way the README's Install section says (`npm install <tarball> zod`,
  // see installCommand); the others name the tarball in package.json.
  const { zod, ...rest } = app.dependencies;
  const packageJson = {
    name: `pack-check-${app.name}`,
    private: true,
    type: 'module',
    dependencies: app.readmeInstall ? rest : { 'ag-ui-lit': `file:${tarball}`, zod, ...rest },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
  const template = join(TEMPLATES, app.template);
  cpSync(join(TEMPLATES, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  if (existsSync(join(template, 'vite.config.ts'))) cpSync(join(template, 'vite.config.ts'), join(dir, 'vite.config.ts'));
  for (const file of ['add-tool.ts', 'scripted-agent.ts']) cpSync(join(TEMPLATES, file), join(dir, 'src', file));
  for (const file of readdirSync(template)) if (file !== 'vite.config.ts') cpSync(join(template, file), join(dir, 'src', file));
  const main = ['main.ts', 'main.tsx'].find((file) => existsSync(join(template, file)));
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8" /><title>ag-ui-lit pack check: ${app.name}</title></head>`,
    `<body>\n${app.body}\n<script type="module" src="/src/${main}"></script>\n</body></html>`,
  ];
  writeFileSync(join(dir, 'index.html'), `${html.join('\n')}\n`);
}

/**
 * The install command of an app: for `readmeInstall`, the one in the README's Install section (`npm install
 * <path>/ag-ui-lit-<version>.tgz zod`), read from README.md so the check fails when the README changes its advice.
 */
function installCommand(app, tarball) {
  if (!app.readmeInstall) return ['install'];
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Install'));
  const line = section.match(/^npm install (\S+\.tgz) zod\b/m);
  if (!line) throw new Error("README.md's Install section no longer shows `npm install <tarball> zod`");
  return ['install', tarball, `zod@${app.dependencies.zod}`];
}

/** Every relative link of README.md and docs/**.md in the installed package names a file the package holds. */
function checkShippedLinks(packageDir) {
  const files = ['README.md', ...readdirSync(join(packageDir, 'docs'), { recursive: true }).map((name) => join('docs', String(name)))]
    .filter((file) => file.endsWith('.md'));
  const broken = [];
  for (const file of files) {
    const text = readFileSync(join(packageDir, file), 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`]*`/g, '');
    for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?[^)]*\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('//')) continue;
      const path = join(packageDir, dirname(file), decodeURIComponent(target.split('#', 1)[0]));
      if (!existsSync(path)) broken.push(`${file}: ${target}`);
    }
  }
  if (broken.length) throw new Error(`links to files the package does not hold:\n  ${broken.join('\n  ')}`);
  console.log(`\n  ${files.length} Markdown files, every relative link resolves inside the package`);
}

/** The manifest as a consumer's tools find it: by the export `ag-ui-lit/custom-elements.json` and by `customElements`. */
function checkManifest(dir) {
  const require = createRequire(join(dir, 'package.json'));
  const byExport = require.resolve('ag-ui-lit/custom-elements.json');
  const packageDir = join(dir, 'node_modules/ag-ui-lit');
  const { customElements } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  if (!customElements) throw new Error('package.json has no customElements field');
  const byField = join(packageDir, customElements);
  if (normalize(byField) !== normalize(byExport)) throw new Error(`customElements (${byField}) is not the exported manifest (${byExport})`);
  const manifest = JSON.parse(readFileSync(byExport, 'utf8'));
  const tags = manifest.modules.flatMap((module) => module.declarations ?? []).map((declaration) => declaration.tagName).filter(Boolean);
  if (!tags.includes('ag-ui-agent')) throw new Error(`the manifest declares no <ag-ui-agent> (tags: ${tags.join(', ')})`);
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** Serves `dir` over HTTP on a free port. @returns the server and its origin */
async function serve(dir) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

/** Opens the built app in `browser` and checks what its `#result` output reports of the tool call. */
async function checkRuntime(browser, dir, app) {
  const { server, origin } = await serve(join(dir, 'dist'));
  const page = await browser.newPage();
  const errors = [];
  page.onPageError((message) => errors.push(message));
  page.onConsoleError((message) => errors.push(message));
  try {
    await page.goto(`${origin}/`);
    await page.waitFor(`document.querySelector('#result')?.textContent`, 30_000).catch((error) => {
      throw new Error(`${error.message}\npage errors: ${errors.join('\n') || 'none'}`);
    });
    const result = JSON.parse(await page.evaluate(`document.querySelector('#result').textContent`));
    const expected = { event: 'ag-ui-tool-call-end', toolCallName: 'add', result: '5', registered: true, toolsAttribute: false };
    for (const [key, value] of Object.entries(expected)) {
      if (result[key] !== value) throw new Error(`${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(result[key])} (${JSON.stringify(result)})`);
    }
    if (app.reactMajor && Number(result.react?.split('.')[0]) !== app.reactMajor) {
      throw new Error(`expected React ${app.reactMajor}, the page ran React ${result.react}`);
    }
    if (errors.length) throw new Error(`the page logged errors:\n${errors.join('\n')}`);
    return result;
  } finally {
    await page.close();
    server.close();
  }
}

const chrome = findChrome();
if (!chrome) {
  console.error(NO_CHROME_MESSAGE);
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), 'ag-ui-lit-pack-check-'));
console.log(`pack-check in ${work}`);
let browser;
let failed = false;
try {
  if (!args.has('--no-build')) await step('npm run build', () => run('npm', ['run', 'build'], ROOT));
  const tarball = await step('npm pack', async () => {
    const [{ filename, size, unpackedSize, entryCount }] = JSON.parse(await run('npm', ['pack', '--json', '--pack-destination', work], ROOT));
    console.log(`\n  ${filename}: ${(size / 1024).toFixed(0)} KiB packed, ${(unpackedSize / 1024).toFixed(0)} KiB unpacked, ${entryCount} files`);
    return join(work, filename);
  });
  if (!only || only.includes('bundlers')) {
    const fresh = await step('bundlers: a fresh app with ag-ui-lit and zod only', () => {
      mkdirSync(join(work, 'bundlers'));
      return makeFreshApp(join(work, 'bundlers'), { tarball });
    });
    await step('bundlers: every entry with esbuild, Rollup, webpack, Vite; IndexedDB store code up front', async () => {
      const { results, indexedDb } = await checkBundlers(fresh);
      const failed = results.filter((result) => !result.ok);
      console.log(`\n  ${results.length - failed.length}/${results.length} builds; IndexedDB store code up front: ${indexedDb?.upFront.join(', ') || 'none'}`);
      if (failed.length || !indexedDb || indexedDb.upFront.length) {
        throw new Error(failed.map(({ entry, bundler, error }) => `${entry} with ${bundler}:\n${error}`).join('\n') || 'IndexedDB store code in the page');
      }
    });
  }
  for (const app of APPS) writeApp(join(work, app.name), app, tarball);
  // The installs are network-bound: run them together.
  if (APPS.length) await step(`npm install (${APPS.map((app) => app.name).join(', ')}, in parallel)`, () =>
    Promise.all(APPS.map((app) => run('npm', [...installCommand(app, tarball), '--no-audit', '--no-fund'], join(work, app.name))))
  );
  if (APPS.some((app) => app.readmeInstall)) {
    await step('the shipped README and docs link only to files in the package', () =>
      checkShippedLinks(join(work, APPS.find((app) => app.readmeInstall).name, 'node_modules/ag-ui-lit'))
    );
  }
  if (APPS.length) browser = await launchBrowser({ executablePath: chrome, args: CHROME_ARGS });
  for (const app of APPS) {
    const dir = join(work, app.name);
    const checker = app.typeChecker ?? 'tsc';
    await step(`${app.name}: ${checker} --noEmit`, () => run(join(dir, 'node_modules/.bin', checker), ['--noEmit', '-p', 'tsconfig.json'], dir));
    await step(`${app.name}: custom-elements.json resolves`, () => checkManifest(dir));
    await step(`${app.name}: vite build`, () => run(join(dir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], dir));
    const result = await step(`${app.name}: tool round trip in Chromium`, () => checkRuntime(browser, dir, app));
    console.log(`  ${JSON.stringify(result)}`);
  }
} catch (error) {
  failed = true;
  console.error(`\n${error instanceof Error ? error.message : error}`);
} finally {
  await browser?.close();
  if (args.has('--keep') || failed) console.log(`\nkept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
console.log('\nTimings:');
for (const [label, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${label}`);
console.log(failed ? '\npack-check FAILED' : '\npack-check passed');
process.exit(failed ? 1 : 0);
