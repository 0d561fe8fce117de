// @web/test-runner configuration: every tests/**/*.test.ts but tests/node/ in real headless Chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { CHROME_ARGS, findChrome, NO_CHROME_MESSAGE } from './scripts/find-chrome.mjs';
import { matchesGlob, parseFilesArgs } from './scripts/test-files.mjs';
import { summaryReporter } from './scripts/summary-reporter.mjs';
import { domCountersPlugin } from './scripts/dom-counters-plugin.mjs';
import { prebundledDepsPlugin } from './scripts/prebundled-deps-plugin.mjs';
import { reactEsmPlugin } from './tests/react/react-esm-plugin.mjs';

const executablePath = findChrome();
if (!executablePath) throw new Error(NO_CHROME_MESSAGE);

// The demo AG-UI server, the scripted test servers and the MCP test servers are TypeScript in web/server/; Node 20
// cannot load TypeScript, so bundle them once per run and mount them as dev-server middleware (same code as
// `npm start`). The start-up builds (this one, the pre-bundled dependencies and the two package bundles below) run
// together: esbuild builds in parallel, and the first test file waits for the slowest one only.
const cacheDir = fileURLToPath(new URL('./node_modules/.cache/ag-ui-lit/', import.meta.url));
mkdirSync(cacheDir, { recursive: true });
/** Bundles TypeScript entries (`{ name: path from the repository }`) for Node into `cacheDir` (`<name>.mjs`). */
const buildForNode = (entries) =>
  build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, fileURLToPath(new URL(path, import.meta.url))])),
    outdir: cacheDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
const serverBuild = buildForNode({
  server: './web/server/index.ts',
  'mcp-server': './web/server/mcp/index.ts',
  'llm-replay': './web/server/llm-replay/index.ts',
});
/** Whether the run selects one of `files` (paths from the repository root): no `--files` means every file. */
function selectsAny(files) {
  const { patterns } = parseFilesArgs(process.argv.slice(2));
  if (patterns.length === 0) return true;
  const root = fileURLToPath(new URL('.', import.meta.url));
  const relative = (pattern) => (pattern.startsWith(root) ? pattern.slice(root.length) : pattern);
  return files.some((file) => patterns.some((pattern) => matchesGlob(file, relative(pattern))));
}

/**
 * Whether the run selects a file of tests/package/. Those files read build outputs (`packageBuilds` below), which a
 * run then starts building at once.
 */
function selectsPackageTests() {
  const files = readdirSync(new URL('./tests/package/', import.meta.url))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `tests/package/${name}`);
  return selectsAny(files);
}

/** Runs `node <script>`; rejects unless it exits 0. */
function runScript(script, what) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Could not generate ${what}`))));
  });
}

/**
 * The build outputs that test files read through the dev server, each built from this source tree at most once per run:
 * - the Custom Elements Manifest (custom-elements.json, `npm run manifest`), which
 *   tests/package/custom-elements-manifest.test.ts and tests/react/event-props.test.ts read, also on a fresh clone;
 * - the no-build-step bundle (dist/bundle/ag-ui-lit.js, `ag-ui-lit/bundle`) that tests/package/ loads in a static page,
 *   built with the config `npm run build` uses.
 * They take tens of seconds, so they never hold up the first test file: they start with the run when it selects a file
 * of tests/package/, and otherwise on the first request for their output; a request for an output waits until its
 * build is done (`packageOutputsMiddleware`), and fails with the build's error when it failed.
 */
const packageBuilds = {
  '/custom-elements.json': () => runScript('./scripts/manifest.mjs', 'custom-elements.json (npm run manifest)'),
  '/dist/bundle/': async () => {
    const { build: viteBuild } = await import('vite');
    await viteBuild({ configFile: fileURLToPath(new URL('./vite.bundle.config.ts', import.meta.url)), logLevel: 'warn' });
  },
};
/** @type {Map<string, Promise<void>>} output path -> its build */
const packageBuildRuns = new Map();
function packageBuild(output) {
  let run = packageBuildRuns.get(output);
  if (!run) {
    run = packageBuilds[output]();
    run.catch((error) => console.error(`The package build of ${output} failed:`, error));
    packageBuildRuns.set(output, run);
  }
  return run;
}
if (selectsPackageTests()) for (const output of Object.keys(packageBuilds)) packageBuild(output);

/** Dev-server middleware: a request for a package build's output waits for that build (see `packageBuilds`). */
async function packageOutputsMiddleware(ctx, next) {
  const output = Object.keys(packageBuilds).find((path) => (path.endsWith('/') ? ctx.path.startsWith(path) : ctx.path === path));
  if (output) {
    try {
      await packageBuild(output);
    } catch (error) {
      ctx.status = 500;
      ctx.body = `The build of ${output} failed: ${error instanceof Error ? error.message : String(error)}`;
      return undefined;
    }
  }
  return next();
}

/** Koa -> Node-style bridge: requests under `prefix` go to a Connect-style `middleware`, the rest to `next`. */
function mountNodeMiddleware(prefix, middleware) {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(prefix)) return next();
    ctx.respond = false;
    await new Promise((resolve) => {
      ctx.res.on('close', resolve);
      middleware(ctx.req, ctx.res, () => {
        ctx.respond = true;
        resolve(next());
      });
    });
  };
}

/**
 * A dev-server plugin that serves one esbuild bundle at `url` for every import `matches` accepts: for packages the
 * dev server cannot serve as ES modules (CommonJS dependencies, Node built-ins), which a page's bundler handles.
 */
async function bundledPackagePlugin(name, url, matches, contents, options = {}) {
  const bundle = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    logLevel: 'warning',
    ...options,
  });
  const body = bundle.outputFiles[0].text;
  return {
    name,
    resolveImport: ({ source }) => (matches(source) ? url : undefined),
    serve: (context) => (context.path === url ? { body, type: 'js' } : undefined),
  };
}

// rxjs, zod, lit, @ag-ui/client and the other heavy dependencies as a few pre-bundled chunks, not ~410 modules a page.
const prebundledPluginBuild = prebundledDepsPlugin({
  root: fileURLToPath(new URL('.', import.meta.url)),
  cacheDir,
  conditions: ['browser', 'production'],
});

// The MCP SDK's client imports CommonJS-only packages (Ajv, content-type): bundle the parts web/src/sources/mcp/
// imports, served for every `@modelcontextprotocol/sdk/...` import of the page.
const mcpSdkPluginBuild = bundledPackagePlugin(
  'mcp-sdk-bundle',
  '/__mcp-sdk__.js',
  (source) => source.startsWith('@modelcontextprotocol/sdk/'),
  [
    "export { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';",
    "export { Client } from '@modelcontextprotocol/sdk/client/index.js';",
    "export { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';",
    "export { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';",
    "export { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';",
    "export { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';",
  ].join('\n'),
);

// @ag-ui/a2ui-middleware is a server package (Node's `crypto` for randomUUID, CommonJS `clarinet`); the A2UI tests
// run it in the page in front of a scripted agent: `crypto` as the Web Crypto, @ag-ui/client and rxjs left to the
// page's own copies.
const a2uiMiddlewarePluginBuild = bundledPackagePlugin(
  'a2ui-middleware-bundle',
  '/__a2ui-middleware__.js',
  (source) => source === '@ag-ui/a2ui-middleware',
  "export * from '@ag-ui/a2ui-middleware';",
  {
    external: ['@ag-ui/client', 'rxjs'],
    plugins: [
      {
        name: 'web-crypto',
        setup(builder) {
          builder.onResolve({ filter: /^crypto$/ }, () => ({ path: 'crypto', namespace: 'web-crypto' }));
          builder.onLoad({ filter: /.*/, namespace: 'web-crypto' }, () => ({
            contents: 'export const randomUUID = () => globalThis.crypto.randomUUID();',
          }));
        },
      },
    ],
  },
);

const [, prebundledPlugin, mcpSdkPlugin, a2uiMiddlewarePlugin] = await Promise.all([
  serverBuild,
  prebundledPluginBuild,
  mcpSdkPluginBuild,
  a2uiMiddlewarePluginBuild,
]);

const loadBundle = (name) => import(`${pathToFileURL(`${cacheDir}${name}.mjs`).href}?t=${Date.now()}`);
const { createAgUiMiddleware } = await loadBundle('server');
// Tests never reach a paid model, whatever keys the shell holds (`model: null`: the scripted agents only).
const agUiMiddleware = createAgUiMiddleware({ model: null });
// The real MCP servers of tests/sources/mcp/ (each on a free port), started and steered through /mcp-control/.
const { createMcpControlMiddleware, createDemoNotesMiddleware } = await loadBundle('mcp-server');
const mcpControlMiddleware = createMcpControlMiddleware();
// The demo's MCP notes server at /mcp/notes, as vite.config.ts mounts it, for the demo page tests.
const demoNotesMiddleware = createDemoNotesMiddleware();
// The LLM provider replay servers of tests/llm/ (OpenAI Chat Completions, Anthropic Messages from the golden fixtures
// of tests/fixtures/llm/), scripted per test through /llm-replay/sessions.
const { createLlmReplayMiddleware } = await loadBundle('llm-replay');
const llmReplayMiddleware = createLlmReplayMiddleware({
  fixturesDir: fileURLToPath(new URL('./tests/fixtures/llm/', import.meta.url)),
});

// The thread APIs of ag-ui-lit/server (web/src/server/), on one PGlite in memory. Each is started before the browser
// when the run selects a file that uses it (PGlite's start runs Postgres's initdb on this process's thread, which would
// stall the pages of every running file), else on its first request, so runs that do not use them pay nothing:
// - /api/threads-test/ for tests/persistence/http-thread-store.test.ts: PGlite in memory, or the PostgreSQL server of
//   DATABASE_URL (CI sets it). The user is the `x-test-user` header (none: 401).
// - /api/threads/ for the demo page tests: the demo's own thread API, as vite.config.ts mounts it
//   (web/server/demo-threads.ts), on PGlite in memory. Its stand-in user is a cookie, which tests/demo/demo-page-loader.ts
//   sets to a new id for each page it loads, so no test sees another's threads.
let threadServerBuild;
const loadThreadServer = async (name) => {
  threadServerBuild ??= buildForNode({ 'thread-server': './web/src/server/index.ts', 'demo-threads': './web/server/demo-threads.ts' });
  await threadServerBuild;
  return loadBundle(name);
};
let sharedPglite;
const testPglite = () => (sharedPglite ??= loadThreadServer('thread-server').then((server) => server.pgliteStorage()));
/**
 * Mounts the thread API that `start()` makes (`{ listener, close }`) at `prefix`; `early` is its start when `files`
 * run (awaited below, before the first page), else `undefined`.
 */
function threadApiMount(prefix, files, start) {
  let started;
  if (selectsAny(files)) {
    started = start();
    started.catch((error) => console.error(`The thread API at ${prefix} could not start:`, error));
  }
  return {
    early: started,
    // Mounted before the AG-UI servers' /api/.
    middleware: mountNodeMiddleware(prefix, (req, res) => {
      (started ??= start()).then(({ listener }) => listener(req, res)).catch((error) => res.writeHead(500).end(String(error)));
    }),
    plugin: {
      name: `thread-api ${prefix}`,
      serverStop: async () => {
        if (started) await (await started).close();
      },
    },
  };
}
const threadApi = threadApiMount('/api/threads-test/', ['tests/persistence/http-thread-store.test.ts'], async () => {
  const server = await loadThreadServer('thread-server');
  const { DATABASE_URL } = process.env;
  const storage = DATABASE_URL ? await server.postgresStorage({ connectionString: DATABASE_URL }) : await testPglite();
  const handler = server.createThreadStoreHandler({
    storage,
    basePath: '/api/threads-test',
    authenticate: (request) => (request.headers.get('x-test-user') ? { userId: request.headers.get('x-test-user') } : null),
    limits: { requestsPerMinute: 100_000 },
  });
  await handler.ready;
  return { listener: server.toNodeListener(handler), close: async () => (await handler.close(), DATABASE_URL && (await storage.close())) };
});
const demoThreadApi = threadApiMount(
  '/api/threads/',
  readdirSync(new URL('./tests/demo/', import.meta.url)).filter((name) => name.endsWith('.test.ts')).map((name) => `tests/demo/${name}`),
  async () => {
    const { createDemoThreadsMiddleware } = await loadThreadServer('demo-threads');
    const middleware = createDemoThreadsMiddleware({ storage: await testPglite() });
    await middleware.start();
    return { listener: (req, res) => middleware(req, res, () => res.writeHead(404).end()), close: () => middleware.close() };
  },
);
await Promise.allSettled([threadApi.early, demoThreadApi.early]);
/** Stops both thread APIs, then the PGlite they share. */
const threadApis = {
  name: 'thread-apis',
  serverStop: async () => {
    await Promise.all([threadApi.plugin.serverStop(), demoThreadApi.plugin.serverStop()]);
    await (await sharedPglite)?.close();
  },
};

// @a2ui/web_core imports a JSON schema as a module (`with { type: 'json' }`, which the esbuild step drops): JSON
// files that a module imports are served as JS modules exporting the value, as a bundler does.
const jsonModulesPlugin = {
  name: 'json-modules',
  async serve(context) {
    const { path } = context;
    if (!path.startsWith('/node_modules/') || path.includes('..') || !path.endsWith('.json')) return undefined;
    if (context.request.get('sec-fetch-dest') !== 'script') return undefined;
    const file = fileURLToPath(new URL(`.${path}`, import.meta.url));
    return { body: `export default ${await readFile(file, 'utf8')};`, type: 'js' };
  },
};

/**
 * Test files run this many at a time (`AG_UI_LIT_TEST_CONCURRENCY` overrides it). Their pages mostly wait on the
 * network, and they share nothing: on the dev server each test talks to its own thread (the request recorder and the
 * model replay are keyed by `threadId`), replay session or MCP test server, and in the browser each page has a context
 * of its own (`createPage` below), so IndexedDB, localStorage, BroadcastChannel and Web Locks are never shared by two
 * files that run together.
 */
const CONCURRENCY = Number(process.env.AG_UI_LIT_TEST_CONCURRENCY) || 2;

/** The modules that a plugin above serves already bundled for the browser (ES2022, by esbuild or wtr itself). */
const isPrebuiltModule = (path) =>
  path.startsWith('/__prebundled__/') ||
  path.startsWith('/__react__/') ||
  path === '/__mcp-sdk__.js' ||
  path === '/__a2ui-middleware__.js' ||
  path.startsWith('/__web-test-runner__/test-framework/');

/**
 * The esbuild step (TypeScript, and JavaScript down to ES2022) for every module but those of `isPrebuiltModule`: its
 * output is cached only for files on disk, so a bundle served from memory went through esbuild again (with an inline
 * source map) for every page that missed the browser cache, about 1.5 MB of JavaScript per page.
 */
function esbuildStep(options, skip) {
  const plugin = esbuildPlugin(options);
  const transform = plugin.transform.bind(plugin);
  plugin.transform = (context) => (skip(context.path) ? undefined : transform(context));
  return plugin;
}

/**
 * After each test file the launcher parks its page on about:blank, and the next file's navigation then starts in a new
 * renderer process, which parses and compiles the whole module graph (~2 MB of JavaScript) again. Going straight from
 * one test file's page to the next keeps the renderer, whose V8 reuses the code it compiled for the earlier files: that
 * halves the browser's CPU time per file (measured on 20 small files: 67-75 CPU-s -> 33-36). The next file's navigation
 * still ends the previous page (its timers and requests) before that file's first module runs (the back/forward cache
 * is off, below); a page left over at the end goes with the browser.
 * @param {import('puppeteer-core').Page} page
 */
function keepRendererBetweenFiles(page) {
  const goto = page.goto.bind(page);
  page.goto = (url, options) => (url === 'about:blank' ? Promise.resolve(null) : goto(url, options));
  return page;
}

export default {
  // tests/node/ runs in Node (scripts/test.mjs: `node --test`), not in the browser.
  files: ['tests/**/*.test.ts', '!tests/node/**'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  concurrency: CONCURRENCY,
  concurrentBrowsers: 1,
  testsFinishTimeout: 240_000,
  testFramework: { config: { timeout: 30_000 } },
  plugins: [
    esbuildStep({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }, isPrebuiltModule),
    domCountersPlugin(),
    prebundledPlugin,
    mcpSdkPlugin,
    a2uiMiddlewarePlugin,
    jsonModulesPlugin,
    // React 18 ships CommonJS only; the tests of ag-ui-lit/react import it as ES modules.
    reactEsmPlugin(),
    { name: 'mcp-test-servers', serverStop: () => Promise.all([mcpControlMiddleware.close(), demoNotesMiddleware.close()]) },
    threadApis,
  ],
  middleware: [
    packageOutputsMiddleware, // custom-elements.json and dist/bundle/ once their builds are done
    threadApi.middleware,
    demoThreadApi.middleware,
    mountNodeMiddleware('/api/', agUiMiddleware), // the AG-UI servers (they answer POST /api/...)
    mountNodeMiddleware('/mcp-control/', mcpControlMiddleware),
    mountNodeMiddleware('/mcp/notes', demoNotesMiddleware),
    mountNodeMiddleware('/llm-replay/', llmReplayMiddleware),
  ],
  browsers: [
    chromeLauncher({
      // No back/forward cache: a test file's page ends when the next file's navigation starts, instead of waiting
      // frozen in the renderer that the next file shares (`keepRendererBetweenFiles`), where it would count in that
      // file's DOM node and listener counts (tests/components/ag-ui-agent/ag-ui-agent-soak.test.ts).
      launchOptions: { executablePath, headless: true, args: [...CHROME_ARGS, '--disable-features=BackForwardCache'] },
      // A fresh browser context per page (pages are reused, so there are CONCURRENCY of them): the storage of one
      // running file is invisible to the others.
      createPage: async ({ browser }) => keepRendererBetweenFiles(await (await browser.createBrowserContext()).newPage()),
    }),
  ],
  reporters: [defaultReporter({ reportTestResults: true, reportTestProgress: !process.env.CI }), summaryReporter()],
};
