/// <reference types="node" />
import type { z } from 'zod';
import type { StoredApproval, ToolCallRecord } from '../agent/types.js';
import { ChangeFeedStreams } from './change-feed-stream.js';
import { migrate } from './migrations.js';
import type { SqlStorage } from './sql-storage.js';
import {
  ApprovalSchema,
  ClaimToolCallBodySchema,
  IdSchema,
  ListQuerySchema,
  RenameThreadBodySchema,
  SaveThreadBodySchema,
  SaveToolCallsBodySchema,
} from './thread-api-schemas.js';
import { CHANGES_CHANNEL, ThreadRepository, type WriteOutcome } from './thread-repository.js';
import { UserRateLimiter } from './user-rate-limiter.js';

/** Limits of `createThreadStoreHandler()`. */
export interface ThreadStoreLimits {
  /** Largest request body, in bytes; a larger one answers 413 (`payload_too_large`). Default 25 MB (26,214,400). */
  maxBodyBytes?: number;
  /** Requests a user may make a minute (a token bucket that refills evenly); more answer 429 (`rate_limited`) with `Retry-After`. Default 600. */
  requestsPerMinute?: number;
}

/** Options of `createThreadStoreHandler()`. */
export interface ThreadStoreHandlerOptions {
  /** Where threads are kept: `pgliteStorage()` or `postgresStorage()`. Migrations run on it when the handler is made. */
  storage: SqlStorage;
  /**
   * Who is asking: `{ userId }`, or `null` (the request answers 401 `unauthenticated`). Every query is scoped by this
   * `userId`: another user's thread answers 404, as one that does not exist. Typically reads your session cookie or a
   * bearer token. A throw answers 401 too.
   */
  authenticate(request: Request): { userId: string } | null | Promise<{ userId: string } | null>;
  /** The path the handler is mounted at, e.g. `'/api/threads'`: routes are matched after it. Default `''`. */
  basePath?: string;
  limits?: ThreadStoreLimits;
}

/** A Web-standard request handler (`Request` in, `Response` out) for Node's `http` (`toNodeListener()`), Hono, Express, Next.js, Bun and Deno. */
export interface ThreadStoreHandler {
  (request: Request): Promise<Response>;
  /** Settles when the migrations have run; rejects with their error (every request then answers 503 `unavailable`). */
  readonly ready: Promise<void>;
  /** Ends the open change feeds and stops listening for other processes' changes; the storage is yours to close. */
  close(): Promise<void>;
}

/** Error codes of the thread API's JSON error bodies: `{ error: { code, message, issues? } }`. */
export type ThreadApiErrorCode =
  | 'unauthenticated'
  | 'not_found'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'invalid_json'
  | 'invalid_body'
  | 'payload_too_large'
  | 'rate_limited'
  | 'conflict'
  | 'unavailable'
  | 'internal';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });

const fail = (status: number, code: ThreadApiErrorCode, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message, ...extra } }, headers);

class HttpError extends Error {
  constructor(readonly response: Response) {
    super('HttpError');
  }
}

/**
 * The server side of `HttpThreadStore`: the thread API of `docs/thread-api.md` on PostgreSQL. Request bodies are JSON
 * checked with Zod (400 `invalid_body` with the issues' paths); every state-changing request must be
 * `Content-Type: application/json` (415 otherwise), which a cross-site form cannot send without a CORS preflight.
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createThreadStoreHandler, pgliteStorage, toNodeListener } from 'ag-ui-lit/server';
 * const handler = createThreadStoreHandler({
 *   storage: await pgliteStorage({ dataDir: '.data/threads' }),
 *   basePath: '/api/threads',
 *   authenticate: (request) => sessionUser(request.headers.get('cookie')),
 * });
 * createServer(toNodeListener(handler)).listen(8787);
 * ```
 */
export function createThreadStoreHandler(options: ThreadStoreHandlerOptions): ThreadStoreHandler {
  const { storage, authenticate } = options;
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const maxBodyBytes = options.limits?.maxBodyBytes ?? 25 * 1024 * 1024;
  const limiter = new UserRateLimiter(options.limits?.requestsPerMinute ?? 600);
  const repository = new ThreadRepository(storage);
  const feeds = new ChangeFeedStreams(repository);
  // Other processes' writes reach this one's feeds through NOTIFY; this process's own wake them directly too.
  let unlisten: Promise<(() => Promise<void>) | undefined> | undefined;
  const ready = migrate(storage).then(() => {
    unlisten = storage.listen(CHANGES_CHANNEL, (userId) => feeds.notify(userId)).catch(() => undefined);
    return unlisten.then(() => undefined);
  });
  ready.catch(() => {}); // reported per request

  async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
    const declared = Number(request.headers.get('content-length'));
    if (declared > maxBodyBytes) throw new HttpError(tooLarge());
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (request.body) {
      for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > maxBodyBytes) throw new HttpError(tooLarge());
        chunks.push(chunk);
      }
    }
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder().decode(Buffer.concat(chunks)));
    } catch {
      throw new HttpError(fail(400, 'invalid_json', 'The request body is not JSON'));
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
      throw new HttpError(fail(400, 'invalid_body', 'The request body does not have the expected shape', { issues }));
    }
    return parsed.data;
  }
  const tooLarge = () => fail(413, 'payload_too_large', `The request body is larger than ${maxBodyBytes} bytes`);

  const id = (value: string | undefined) => {
    const parsed = IdSchema.safeParse(decodeURIComponentSafe(value));
    if (!parsed.success) throw new HttpError(fail(404, 'not_found', 'No such thread'));
    return parsed.data;
  };
  const written = (outcome: WriteOutcome) =>
    outcome.status === 'saved'
      ? json(200, { version: outcome.version, changeId: outcome.changeId })
      : outcome.status === 'deleted'
        ? json(200, { deleted: true })
        : fail(409, 'conflict', 'The thread changed since you read it', { version: outcome.version });

  async function route(request: Request, userId: string, segments: string[]): Promise<Response> {
    const { method } = request;
    const url = new URL(request.url);
    const [head, threadSegment, sub, callSegment, action] = segments;
    if (head === 'threads' && segments.length === 1) {
      if (method !== 'GET') return notAllowed('GET');
      const query = ListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) return fail(400, 'invalid_body', 'Bad paging parameters', { issues: query.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) });
      const page = await repository.list(userId, query.data.limit, query.data.cursor);
      return page ? json(200, page) : fail(400, 'invalid_body', 'Unknown cursor', { issues: [{ path: ['cursor'], message: 'not a cursor of this API' }] });
    }
    if (head === 'threads' && segments.length === 2) {
      const threadId = id(threadSegment);
      if (method === 'GET') {
        const thread = await repository.load(userId, threadId);
        return thread ? json(200, thread) : fail(404, 'not_found', 'No such thread');
      }
      if (method === 'PUT') {
        const body = await readBody(request, SaveThreadBodySchema);
        return written(await repository.save(userId, threadId, body));
      }
      if (method === 'PATCH') {
        const { title } = await readBody(request, RenameThreadBodySchema);
        const changeId = await repository.rename(userId, threadId, title);
        return changeId !== undefined ? json(200, { changeId }) : fail(404, 'not_found', 'No such thread');
      }
      if (method === 'DELETE') {
        const changeId = await repository.delete(userId, threadId);
        return changeId !== undefined ? json(200, { changeId }) : fail(404, 'not_found', 'No such thread');
      }
      return notAllowed('GET, PUT, PATCH, DELETE');
    }
    if (head === 'threads' && sub === 'tool-calls' && segments.length === 3) {
      if (method !== 'PUT') return notAllowed('PUT');
      const { records } = await readBody(request, SaveToolCallsBodySchema);
      return written(await repository.saveToolCalls(userId, id(threadSegment), records as unknown as ToolCallRecord[]));
    }
    if (head === 'threads' && sub === 'tool-calls' && segments.length === 4) {
      if (method !== 'GET') return notAllowed('GET');
      const found = await repository.loadToolCall(userId, id(threadSegment), id(callSegment));
      return found ? json(200, found) : fail(404, 'not_found', 'No such tool call');
    }
    if (head === 'threads' && sub === 'tool-calls' && action === 'claim' && segments.length === 5) {
      if (method !== 'POST') return notAllowed('POST');
      const { owner } = await readBody(request, ClaimToolCallBodySchema);
      const claim = await repository.claimToolCall(userId, id(threadSegment), id(callSegment), owner);
      if (claim.status === 'claimed') return json(200, { owner });
      if (claim.status === 'missing') return fail(404, 'not_found', 'No such tool call');
      return fail(409, 'conflict', 'Another client claimed this tool call', { owner: claim.owner, record: claim.record });
    }
    if (head === 'approvals' && segments.length === 1) {
      if (method === 'GET') {
        const threadId = url.searchParams.get('threadId') ?? '';
        return json(200, { approvals: await repository.loadApprovals(userId, threadId) });
      }
      if (method === 'PUT') {
        await repository.saveApproval(userId, (await readBody(request, ApprovalSchema)) as StoredApproval);
        return json(204, null);
      }
      if (method === 'DELETE') {
        return json(200, { deleted: await repository.deleteApprovals(userId, url.searchParams.get('toolName') ?? undefined) });
      }
      return notAllowed('GET, PUT, DELETE');
    }
    if (head === 'changes' && segments.length === 1) {
      if (method !== 'GET') return notAllowed('GET');
      // A resuming client's position wins; else `since=now` starts after the newest change, else at the first.
      const resumeAt = Number(request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId') ?? Number.NaN);
      const start = Number.isSafeInteger(resumeAt) && resumeAt >= 0 ? resumeAt : url.searchParams.get('since') === 'now' ? 'now' : 0;
      const body = feeds.open(userId, start);
      return new Response(body, {
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
      });
    }
    return fail(404, 'not_found', 'No such route');
  }

  const handler = async (request: Request): Promise<Response> => {
    try {
      const url = new URL(request.url);
      if (basePath && url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return fail(404, 'not_found', 'No such route');
      const segments = url.pathname.slice(basePath.length).split('/').filter(Boolean);
      const changesState = request.method !== 'GET' && request.method !== 'HEAD';
      if (changesState && !/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
        return fail(415, 'unsupported_media_type', 'State-changing requests must send Content-Type: application/json');
      }
      const user = await Promise.resolve()
        .then(() => authenticate(request))
        .catch(() => null);
      if (!user || typeof user.userId !== 'string' || user.userId === '') return fail(401, 'unauthenticated', 'Sign in to reach your threads');
      const wait = limiter.take(user.userId);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        return fail(429, 'rate_limited', `Too many requests: try again in ${seconds} s`, {}, { 'retry-after': String(seconds) });
      }
      try {
        await ready;
      } catch {
        return fail(503, 'unavailable', 'The thread database could not be prepared');
      }
      const response = await route(request, user.userId, segments);
      if (changesState && response.status < 300) feeds.notify(user.userId);
      return response;
    } catch (error) {
      if (error instanceof HttpError) return error.response;
      return fail(500, 'internal', 'The thread store failed');
    }
  };
  const close = async () => {
    feeds.close();
    await (await unlisten)?.();
  };
  return Object.assign(handler, { ready, close });
}

const notAllowed = (allow: string) => fail(405, 'method_not_allowed', `Allowed: ${allow}`, {}, { allow });

function decodeURIComponentSafe(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
