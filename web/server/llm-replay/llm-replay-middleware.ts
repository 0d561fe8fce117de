import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve, sep } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BodyTooLargeError, readBody, sendJson, sendJsonError } from '../http-json.js';
import { ReplaySessionInputSchema, ReplaySessions, type ReplayRequest, type ReplaySession, type ReplayStep } from './replay-session.js';

/** Options of {@link createLlmReplayMiddleware}. */
export interface LlmReplayMiddlewareOptions {
  /** The directory the steps' `fixture` names are read from (absolute), e.g. the repository's tests/fixtures/llm/. */
  fixturesDir: string;
  /** Where the routes live; starts and ends with `/`. Default `'/llm-replay/'`. */
  prefix?: string;
  /** Longest a control `GET` waits for `?received=`/`?ended=`, in ms. Default 10000. */
  maxWaitMs?: number;
}

/** A Node-style (Connect / Vite / Express) middleware; it calls `next()` for every request outside its prefix. */
export interface LlmReplayMiddleware {
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
  /** The live sessions (what the control routes read). */
  readonly sessions: ReplaySessions;
}

/** What `POST <prefix>sessions` answers. */
export interface ReplaySessionCreated {
  sessionId: string;
  /** The path to give the agent as its `baseUrl` (prefixed with the server's origin), e.g. `/llm-replay/s1-abc/v1`. */
  baseUrl: string;
}

/** What `GET <prefix>sessions/<id>` answers. */
export interface ReplaySessionReport {
  sessionId: string;
  requests: ReplayRequest[];
  /** The wait the query asked for (`?received=`/`?ended=`) did not come true within `maxWaitMs`. */
  timedOut?: true;
}

/** The endpoints a session answers, after `<prefix><session>`: OpenAI Chat Completions and Anthropic Messages. */
const PROVIDER_PATH = /^\/v1\/(chat\/completions|messages)$/;
const DEFAULT_CHUNK_BYTES = 48;
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Creates the middleware of the local LLM provider replay servers: each test scripts a session (the provider answers
 * its requests get, in order: golden fixtures written from the providers' API references, error statuses, streams cut
 * or left hanging), points an `OpenAIChatAgent`/`AnthropicAgent` at the session's `baseUrl`, and reads back what the
 * agent sent and how each connection ended.
 *
 * | Route                                      | Method | Answer                                                        |
 * | ------------------------------------------ | ------ | ------------------------------------------------------------- |
 * | `<prefix>sessions`                          | `POST` | body `{ steps: ReplayStep[] }` -> 201 `ReplaySessionCreated`; 400 `invalid_input` / `unknown_fixture` |
 * | `<prefix>sessions/<id>[?received=N][&ended=I]` | `GET` | `ReplaySessionReport`, after waiting (up to `maxWaitMs`) until N requests arrived / request I's response ended |
 * | `<prefix>sessions/<id>/cut`                 | `POST` | destroys the sockets of the session's responses still open (a stream cut at a point the test chose): `{ cut: <count> }` |
 * | `<prefix><id>/v1/chat/completions`          | `POST` | the next step (OpenAI Chat Completions), recorded              |
 * | `<prefix><id>/v1/messages`                  | `POST` | the next step (Anthropic Messages), recorded                   |
 *
 * A step's body is written `chunkBytes` at a time, each write flushed before the next (the socket has Nagle off), so
 * the client reads SSE frames split mid-line. A request past the script gets HTTP 599 with an error body; an unknown
 * session 404. Creating the middleware has no side effects.
 *
 * @example
 * const replay = createLlmReplayMiddleware({ fixturesDir: '/repo/tests/fixtures/llm' });
 * http.createServer((req, res) => replay(req, res, () => { res.statusCode = 404; res.end(); })).listen(0);
 */
export function createLlmReplayMiddleware(options: LlmReplayMiddlewareOptions): LlmReplayMiddleware {
  const prefix = options.prefix ?? '/llm-replay/';
  const fixturesDir = resolve(options.fixturesDir);
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const sessions = new ReplaySessions();

  const fixturePath = (name: string) => {
    const path = resolve(fixturesDir, name);
    return path.startsWith(fixturesDir + sep) ? path : undefined;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://replay.local');
    if (!url.pathname.startsWith(prefix)) return next();
    const rest = url.pathname.slice(prefix.length);
    if (rest === 'sessions') {
      if (req.method !== 'POST') return sendJsonError(res, 405, 'method_not_allowed', 'POST a session', { headers: { Allow: 'POST' } });
      return createSession(req, res);
    }
    const report = /^sessions\/([^/]+)$/.exec(rest);
    if (report) {
      if (req.method !== 'GET') return sendJsonError(res, 405, 'method_not_allowed', 'GET a session', { headers: { Allow: 'GET' } });
      return reportSession(res, report[1]!, url.searchParams);
    }
    const cut = /^sessions\/([^/]+)\/cut$/.exec(rest);
    if (cut) {
      if (req.method !== 'POST') return sendJsonError(res, 405, 'method_not_allowed', 'POST to cut', { headers: { Allow: 'POST' } });
      const session = sessions.get(cut[1]!);
      if (!session) return sendJsonError(res, 404, 'unknown_session', `No replay session ${cut[1]}`);
      return sendJson(res, 200, { cut: session.cutOpen() });
    }
    const slash = rest.indexOf('/');
    const session = slash > 0 ? sessions.get(rest.slice(0, slash)) : undefined;
    if (!session) return sendJsonError(res, 404, 'unknown_session', `No replay session at ${url.pathname}`);
    const path = rest.slice(slash);
    if (!PROVIDER_PATH.test(path)) {
      return sendJson(res, 404, { type: 'error', error: { type: 'not_found_error', message: `No provider endpoint ${path}` } });
    }
    if (req.method !== 'POST') return sendJsonError(res, 405, 'method_not_allowed', 'POST to a provider endpoint', { headers: { Allow: 'POST' } });
    return answer(session, path, req, res);
  };

  const createSession = async (req: IncomingMessage, res: ServerResponse) => {
    let input: unknown;
    try {
      input = JSON.parse(await readBody(req, MAX_BODY_BYTES));
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendJsonError(res, 413, error.code, error.message);
      return sendJsonError(res, 400, 'invalid_json', 'The body is not JSON');
    }
    const parsed = ReplaySessionInputSchema.safeParse(input);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.filter((key) => typeof key !== 'symbol'), message: issue.message }));
      return sendJsonError(res, 400, 'invalid_input', 'The body is not { steps: ReplayStep[] }', { issues });
    }
    for (const step of parsed.data.steps) {
      const path = step.fixture === undefined ? undefined : fixturePath(step.fixture);
      if (step.fixture !== undefined && (!path || !(await readFile(path).then(() => true, () => false)))) {
        return sendJsonError(res, 400, 'unknown_fixture', `No fixture ${step.fixture} in the fixtures directory`);
      }
    }
    const session = sessions.create(parsed.data.steps);
    const created: ReplaySessionCreated = { sessionId: session.id, baseUrl: `${prefix}${session.id}/v1` };
    sendJson(res, 201, created);
  };

  const reportSession = async (res: ServerResponse, id: string, query: URLSearchParams) => {
    const session = sessions.get(id);
    if (!session) return sendJsonError(res, 404, 'unknown_session', `No replay session ${id}`);
    const received = Number(query.get('received') ?? 0);
    const ended = query.has('ended') ? Number(query.get('ended')) : undefined;
    const ready = () =>
      session.requests.length >= received && (ended === undefined || (session.requests[ended] !== undefined && session.requests[ended]!.outcome !== 'open'));
    const closed = new AbortController();
    res.on('close', () => closed.abort());
    const met = await session.until(ready, maxWaitMs, closed.signal);
    const body: ReplaySessionReport = { sessionId: session.id, requests: session.requests, ...(!met && { timedOut: true as const }) };
    sendJson(res, 200, body);
  };

  const answer = async (session: ReplaySession, path: string, req: IncomingMessage, res: ServerResponse) => {
    let text: string;
    try {
      text = await readBody(req, MAX_BODY_BYTES);
    } catch {
      return sendJsonError(res, 413, 'body_too_large', 'The request body is too large');
    }
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const { record, step } = session.receive({ method: req.method ?? 'POST', path, headers, body });
    const end = (outcome: ReplayRequest['outcome']) => {
      if (record.outcome !== 'open') return;
      record.outcome = outcome;
      session.changed();
    };
    res.on('finish', () => end('completed'));
    res.on('close', () => end(res.writableFinished ? 'completed' : 'client-closed'));
    if (!step) {
      return sendJson(res, 599, { type: 'error', error: { type: 'api_error', message: `No scripted answer for request ${record.index} of replay session ${session.id}` } });
    }
    session.onCut(record.index, () => {
      end('cut');
      res.socket?.destroy();
    });
    await stream(step, res, end);
  };

  const stream = async (step: ReplayStep, res: ServerResponse, end: (outcome: ReplayRequest['outcome']) => void) => {
    const bytes = step.fixture ? await readFile(fixturePath(step.fixture)!) : Buffer.alloc(0);
    const status = step.status ?? 200;
    const sse = step.fixture?.endsWith('.sse') ?? false;
    res.socket?.setNoDelay(true);
    res.writeHead(status, {
      'content-type': sse ? 'text/event-stream' : 'application/json',
      'cache-control': 'no-cache',
      ...step.headers,
    });
    res.flushHeaders();
    const limit = Math.min(bytes.length, step.cutAfter ?? step.hangAfter ?? step.endAfter ?? bytes.length);
    const chunk = step.chunkBytes ?? DEFAULT_CHUNK_BYTES;
    for (let offset = 0; offset < limit; offset += chunk) {
      if (res.destroyed) return;
      await new Promise<void>((done) => res.write(bytes.subarray(offset, Math.min(offset + chunk, limit)), () => done()));
      // One turn of the event loop between writes, so each chunk goes out on its own.
      await nextTurn();
    }
    if (res.destroyed) return;
    if (step.cutAfter !== undefined) {
      end('cut');
      res.socket?.destroy();
      return;
    }
    // `hangAfter`: nothing more; the response stays open until the client closes the connection ('close').
    if (step.hangAfter !== undefined) return;
    res.end();
  };

  const middleware = ((req, res, next) => {
    handle(req, res, next).catch((error: unknown) => {
      if (!res.headersSent) sendJsonError(res, 500, 'internal_error', error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  }) as LlmReplayMiddleware;
  Object.defineProperty(middleware, 'sessions', { value: sessions });
  return middleware;
}
