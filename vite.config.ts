import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { createAgUiMiddleware } from './web/server/index.js';
import { createDemoThreadsMiddleware } from './web/server/demo-threads.js';
import { createDemoNotesMiddleware } from './web/server/mcp/index.js';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
/**
 * Every runtime and peer dependency (and its subpaths) stays external in the library build; react-dom too, which only
 * a page imports, so that a wrapper can never pull in a copy of it.
 */
const externalDeps = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies), 'react-dom'];
const external = (id: string) => id.startsWith('node:') || externalDeps.some((dep) => id === dep || id.startsWith(`${dep}/`));

/**
 * The demo's thread API at /api/threads (web/server/demo-threads.ts), for the page's HttpThreadStore: PGlite in
 * .data/threads/ (ignored by git; delete it to start over), or the PostgreSQL server of DATABASE_URL. The user is a
 * stand-in for a real site's session: 'demo' for everyone (see demoThreadUser). Opened as the server starts; closed
 * with it. PGlite allows one process per folder: run one dev or preview server at a time.
 */
function demoThreads(httpServer: { once(event: 'close', listener: () => void): unknown } | null) {
  const threads = createDemoThreadsMiddleware({
    dataDir: fileURLToPath(new URL('./.data/threads/', import.meta.url)),
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  threads.start().catch((error: unknown) => console.error('The demo thread API could not start:', error));
  httpServer?.once('close', () => void threads.close());
  return threads;
}

/**
 * Mounts the demo's thread API at /api/threads, the demo AG-UI agent (and the scripted test agents) at /api/*, and the
 * demo's MCP notes server at /mcp/notes, on the dev and preview servers.
 */
function agUiServer(): Plugin {
  return {
    name: 'ag-ui-lit-demo-agent',
    configureServer(server) {
      server.middlewares.use(demoThreads(server.httpServer));
      server.middlewares.use(createAgUiMiddleware());
      server.middlewares.use(createDemoNotesMiddleware());
    },
    configurePreviewServer(server) {
      server.middlewares.use(demoThreads(server.httpServer));
      server.middlewares.use(createAgUiMiddleware());
      server.middlewares.use(createDemoNotesMiddleware());
    },
  };
}

export default defineConfig(({ command, mode }) => ({
  plugins: [agUiServer()],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  // `npm run build` builds the library: ESM for web/src/index.ts (and the framework-free tools entry, and the
  // persistence, llm, inspector, mcp, webmcp and react subpaths, each its own entry so the main one does not pay for
  // them), dependencies external, type declarations from tsc (tsconfig.build.json). `vite build --mode demo` builds the demo page instead.
  build:
    command === 'build' && mode !== 'demo'
      ? {
          outDir: 'dist',
          emptyOutDir: true,
          sourcemap: true,
          target: 'es2022',
          minify: false,
          lib: {
            entry: {
              index: 'web/src/index.ts',
              'tools/index': 'web/src/tools/index.ts',
              'persistence/index': 'web/src/persistence/index.ts',
              inspector: 'web/src/inspector.ts',
              'thread-list': 'web/src/thread-list.ts',
              'llm/index': 'web/src/llm/index.ts',
              'sources/mcp/index': 'web/src/sources/mcp/index.ts',
              'sources/webmcp/index': 'web/src/sources/webmcp/index.ts',
              'react/index': 'web/src/react/index.ts',
              'react/inspector': 'web/src/react/inspector.ts',
              a2ui: 'web/src/a2ui.ts',
              'server/index': 'web/src/server/index.ts',
            },
            formats: ['es'],
          },
          rolldownOptions: {
            external,
            output: { preserveModules: true, preserveModulesRoot: 'web/src' },
          },
        }
      : { outDir: 'dist-demo', target: 'es2022' },
}));
