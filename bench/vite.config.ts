import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { createAgUiMiddleware } from '../web/server/index.js';
import { packageSideEffects } from './package-side-effects.js';

const pages = fileURLToPath(new URL('./pages/', import.meta.url));

/** Mounts the AG-UI test agents (`/api/test/stream-bench`, `/api/test/parallel`, ...) on the preview server. */
function agUiServer(): Plugin {
  return {
    name: 'ag-ui-lit-bench-agent',
    configureServer(server) {
      server.middlewares.use(createAgUiMiddleware());
    },
    configurePreviewServer(server) {
      server.middlewares.use(createAgUiMiddleware());
    },
  };
}

/**
 * The benchmark pages (figures 1, 2, 3, 5, 6, 7 and 8), built in production mode (minified) so that every contender runs the
 * code a consumer would ship. Figure 4 (bundle weight) builds its own pages separately (see `bundle.mjs`).
 */
export default defineConfig({
  root: pages,
  base: '/',
  logLevel: 'warn',
  plugins: [agUiServer(), packageSideEffects()],
  preview: { host: '127.0.0.1' },
  build: {
    target: 'es2022',
    minify: true,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 10_000,
    rolldownOptions: {
      input: {
        ingest: `${pages}ingest.html`,
        tools: `${pages}tools.html`,
        fanout: `${pages}fanout.html`,
        'long-thread': `${pages}long-thread.html`,
        paced: `${pages}paced.html`,
        'paced-floor': `${pages}paced-floor.html`,
        payload: `${pages}payload.html`,
        restore: `${pages}restore.html`,
      },
    },
  },
});
