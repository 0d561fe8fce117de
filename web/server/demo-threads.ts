/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createThreadStoreHandler, pgliteStorage, postgresStorage, toNodeListener } from '../src/server/index.js';
import type { SqlStorage } from '../src/server/index.js';
import { sendJsonError } from './http-json.js';

/** Where the dev server (and the test runner, for the demo page tests) mount the demo's thread API. */
export const DEMO_THREADS_PATH = '/api/threads';
/** The cookie that names the demo's stand-in user (letters, digits, `-` and `_`, at most 64). */
export const DEMO_USER_COOKIE = 'ag-ui-lit-demo-user';
/** The stand-in user of a request without that cookie: every browser on the dev server is this one person. */
export const DEMO_USER = 'demo';

/** Options of `createDemoThreadsMiddleware()`. */
export interface DemoThreadsOptions {
  /** Mount path. Default `DEMO_THREADS_PATH`. */
  path?: string;
  /** The folder PGlite keeps the threads in (created when missing); `undefined`: in memory, gone when the process ends. */
  dataDir?: string;
  /** A PostgreSQL server's connection string (`DATABASE_URL`); wins over `dataDir`. */
  databaseUrl?: string;
  /** A storage to use instead (opened and closed by the caller): the tests share one PGlite between their mounts. */
  storage?: SqlStorage;
}

/** A Node-style middleware; it calls `next()` for every request outside its path. */
export interface DemoThreadsMiddleware {
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
  /** Opens the storage and runs its migrations (else done on the first request); rejects when that fails. */
  start(): Promise<void>;
  /** Ends the open change feeds and closes the storage. */
  close(): Promise<void>;
}

/**
 * The demo's user: a stand-in for a real site's session. The `ag-ui-lit-demo-user` cookie when it holds a plain id
 * (the demo page tests set one per page, so that no test sees another's threads), else `'demo'`. Anyone who can reach
 * the dev server can name any user: never authenticate like this outside a local demo.
 */
export function demoThreadUser(request: Request): { userId: string } {
  const cookie = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${DEMO_USER_COOKIE}=([A-Za-z0-9_-]{1,64})(?:;|$)`).exec(cookie);
  return { userId: match?.[1] ?? DEMO_USER };
}

/**
 * The demo's thread API (`ag-ui-lit/server`, docs/thread-api.md) as Connect middleware, for the demo page's
 * `HttpThreadStore({ baseUrl: '/api/threads' })`: PGlite in `dataDir` (no setup), or the PostgreSQL server of
 * `databaseUrl`. The user is `demoThreadUser()`. The storage opens on `start()` or the first request; if it cannot,
 * requests answer 503 `storage_unavailable` with the reason (e.g. another process holds the PGlite folder).
 * @example
 * ```ts
 * server.middlewares.use(createDemoThreadsMiddleware({ dataDir: '.data/threads', databaseUrl: process.env.DATABASE_URL }));
 * ```
 */
export function createDemoThreadsMiddleware(options: DemoThreadsOptions = {}): DemoThreadsMiddleware {
  const path = (options.path ?? DEMO_THREADS_PATH).replace(/\/+$/, '');
  let started: Promise<{ storage: SqlStorage; handler: ReturnType<typeof createThreadStoreHandler> }> | undefined;
  const open = () =>
    (started ??= (async () => {
      const storage =
        options.storage ??
        (options.databaseUrl
          ? await postgresStorage({ connectionString: options.databaseUrl })
          : await pgliteStorage({ dataDir: options.dataDir }));
      const handler = createThreadStoreHandler({ storage, basePath: path, authenticate: demoThreadUser });
      await handler.ready;
      return { storage, handler };
    })());

  const middleware = ((req, res, next) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname !== path && !pathname.startsWith(`${path}/`)) return next();
    open()
      .then(({ handler }) => toNodeListener(handler)(req, res))
      .catch((error: unknown) =>
        sendJsonError(res, 503, 'storage_unavailable', `The demo's thread storage could not start: ${error instanceof Error ? error.message : String(error)}`),
      );
  }) as DemoThreadsMiddleware;
  middleware.start = async () => {
    await open();
  };
  middleware.close = async () => {
    if (!started) return;
    const { storage, handler } = await started.catch(() => ({ storage: undefined, handler: undefined }));
    await handler?.close();
    if (storage !== options.storage) await storage?.close();
  };
  return middleware;
}
