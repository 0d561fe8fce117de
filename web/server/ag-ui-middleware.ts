import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentHandler, AgentRequest } from './agent-request.js';
import { DEMO_DELAY_MS, runDemoAgent } from './demo-agent.js';
import { BodyTooLargeError, readBody, sendJson, sendJsonError } from './http-json.js';
import { intOption, InvalidOptionError } from './query-params.js';
import type { LlmFetch } from '../src/llm/index.js';
import { modelAgentHandler } from './model-agent.js';
import { agentInfo, AgentKind, modelConfigFromEnv, type ModelConfig } from './model-config.js';
import { ModelReplay, REPLAY_API_KEY, replayAnswers } from './model-replay.js';
import { RequestRecorder, type RequestRecorderOptions } from './request-recorder.js';
import { parseRunAgentInput } from './run-input.js';
import { RunWriter } from './run-writer.js';
import { SseStream } from './sse-stream.js';
import { isTestScenarioName, TEST_SCENARIOS } from './test-scenarios.js';

/** Options of {@link createAgUiMiddleware}. */
export interface AgUiMiddlewareOptions {
  /** Where the routes live. Default `'/api'` (`/api/agent`, `/api/test/...`). */
  basePath?: string;
  /** Default wait before each demo agent event after `RUN_STARTED`, in ms (a request's `?delay=` wins). Default 20. */
  demoDelayMs?: number;
  /** Largest accepted request body, in bytes (a larger one gets 413). Default 16 MiB. */
  maxBodyBytes?: number;
  /** The recorder of test requests, or options for a new one (default: 200 threads, 100 requests each). */
  recorder?: RequestRecorder | RequestRecorderOptions;
  /**
   * The real model behind `/api/agent`, or `null` for the scripted demo agent. Default: read from `process.env` by
   * `modelConfigFromEnv` (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, `ANTHROPIC_API_KEY`, `AG_UI_MODEL`, `AG_UI_PROVIDER`).
   */
  model?: ModelConfig | null;
  /** Replaces the global `fetch` for the model's provider requests (a proxy, a recorded replay). */
  llmFetch?: LlmFetch;
}

/** A Node-style (Connect / Vite / Express) middleware; it calls `next()` for every request that is not one of its routes. */
export interface AgUiMiddleware {
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
  /** The requests the scripted test agents received, per thread. */
  readonly recorder: RequestRecorder;
}

/** Header that sets the delay when the query has no `delay` (ms, integer). */
export const DELAY_HEADER = 'x-ag-ui-delay';

const MAX_DELAY_MS = 60_000;

/**
 * Creates the middleware that serves the AG-UI demo agent and the scripted test agents.
 *
 * | Route                              | Method   | Answer                                                                        |
 * | ---------------------------------- | -------- | ----------------------------------------------------------------------------- |
 * | `/api/agent`                       | `POST`   | the configured model (`modelAgentHandler`), else the demo agent (`runDemoAgent`), SSE; `?delay=ms` (default 20, scripted only) |
 * | `/api/agent/info`                  | `GET`    | which agent that is: `AgentInfo`, `{ kind: 'scripted' }` or `{ kind, model }` |
 * | `/api/test/<scenario>`             | `POST`   | a scripted test agent (`TEST_SCENARIOS`), SSE; `?delay=ms` (default 0); recorded |
 * | `/api/test/requests?threadId=X`    | `GET`    | `{ threadId, requests: RecordedRequest[] }`; without `threadId`: `{ threads: [{ threadId, count }] }` |
 * | `/api/test/requests[?threadId=X]`  | `DELETE` | forgets that thread (or every thread): `{ cleared: <number of requests> }`    |
 * | `/api/test/model/<kind>`           | `POST`   | the model agent of `kind` (`openai-compatible`, `anthropic`), answered by the provider replies in `forwardedProps.llmReplay`; recorded |
 * | `/api/test/model/<kind>/info`      | `GET`    | that test agent's `AgentInfo`                                                 |
 * | `/api/test/model/requests?threadId=X` | `GET` | `{ threadId, requests: UpstreamRequest[] }`: the provider requests the replays received |
 *
 * Run routes read the body as a `RunAgentInput` (validated with `@ag-ui/core`'s `RunAgentInputSchema`): not JSON ->
 * 400 `invalid_json`; not a `RunAgentInput` -> 400 `invalid_input` with `issues`; a bad option -> 400
 * `invalid_option`; over `maxBodyBytes` -> 413 `body_too_large`. A known route with another method -> 405, an unknown
 * `/api/test/<name>` -> 404 `unknown_scenario` (the body lists the scenarios). Errors are JSON:
 * `{ "error": { "code", "message", "issues"? } }`. Everything else goes to `next()`.
 *
 * Creating it has no side effects (no timers, no listeners), so it can be imported by `vite.config.ts` and by a
 * bundle for the test runner alike. It reads the model setup from the environment once, when created, and throws
 * `ModelConfigError` for one it cannot complete (so the dev server says so at start, not at the first message).
 *
 * @example
 * ```ts
 * // vite.config.ts
 * configureServer(server) { server.middlewares.use(createAgUiMiddleware()); }
 * // plain Node
 * const agUi = createAgUiMiddleware({ demoDelayMs: 0 });
 * http.createServer((req, res) => agUi(req, res, () => { res.statusCode = 404; res.end(); })).listen(8787);
 * ```
 */
export function createAgUiMiddleware(options: AgUiMiddlewareOptions = {}): AgUiMiddleware {
  const basePath = (options.basePath ?? '/api').replace(/\/+$/, '');
  const demoDelayMs = options.demoDelayMs ?? DEMO_DELAY_MS;
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const recorder = options.recorder instanceof RequestRecorder ? options.recorder : new RequestRecorder(options.recorder);
  const agentPath = `${basePath}/agent`;
  const testPrefix = `${basePath}/test/`;
  const requestsPath = `${basePath}/test/requests`;
  const model = options.model === undefined ? modelConfigFromEnv(process.env) : (options.model ?? undefined);
  const runAgent = model ? modelAgentHandler(model, options.llmFetch ? { fetch: options.llmFetch } : {}) : runDemoAgent;
  const info = agentInfo(model);
  const modelTestPrefix = `${basePath}/test/model/`;
  const replay = new ModelReplay();

  const middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;

    if (path === agentPath) {
      if (!allowMethod(req, res, 'POST')) return;
      void handleRun({ req, res, url, handler: runAgent, defaultDelayMs: demoDelayMs, maxBodyBytes });
      return;
    }
    if (path === `${agentPath}/info`) {
      if (allowMethod(req, res, 'GET')) sendJson(res, 200, info);
      return;
    }
    if (path.startsWith(modelTestPrefix)) {
      handleModelTest({ req, res, url, path: path.slice(modelTestPrefix.length), replay, recorder, maxBodyBytes });
      return;
    }
    if (path === requestsPath) {
      handleRecordedRequests(req, res, url, recorder);
      return;
    }
    if (path.startsWith(testPrefix) || path === `${basePath}/test`) {
      const name = path.slice(testPrefix.length);
      if (!isTestScenarioName(name)) {
        sendJsonError(res, 404, 'unknown_scenario', `No test scenario "${name}". Scenarios: ${Object.keys(TEST_SCENARIOS).join(', ')}.`);
        return;
      }
      if (!allowMethod(req, res, 'POST')) return;
      void handleRun({ req, res, url, handler: TEST_SCENARIOS[name], defaultDelayMs: 0, maxBodyBytes, record: { recorder, scenario: name } });
      return;
    }
    next();
  };
  return Object.assign(middleware, { recorder });
}

function allowMethod(req: IncomingMessage, res: ServerResponse, method: string): boolean {
  if (req.method === method) return true;
  sendJsonError(res, 405, 'method_not_allowed', `Use ${method} for this route.`, { headers: { Allow: method } });
  return false;
}

interface RunRoute {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  handler: AgentHandler;
  defaultDelayMs: number;
  maxBodyBytes: number;
  record?: { recorder: RequestRecorder; scenario: string };
}

async function handleRun({ req, res, url, handler, defaultDelayMs, maxBodyBytes, record }: RunRoute): Promise<void> {
  let writer: RunWriter | undefined;
  try {
    const delayMs = resolveDelay(url.searchParams, req, defaultDelayMs);

    let body: string;
    try {
      body = await readBody(req, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        sendJsonError(res, 413, error.code, error.message, { headers: { Connection: 'close' } });
      }
      // Otherwise the client went away while sending: nobody to answer.
      return;
    }
    const parsed = parseRunAgentInput(body);
    if (!parsed.ok) {
      sendJson(res, 400, { error: parsed.error });
      return;
    }

    if (record) {
      record.recorder.record({
        scenario: record.scenario,
        url: `${url.pathname}${url.search}`,
        headers: flattenHeaders(req),
        input: parsed.raw,
        receivedAt: Date.now(),
      });
    }

    const request: AgentRequest = {
      req,
      res,
      input: parsed.input,
      query: url.searchParams,
      delayMs,
      openRun() {
        writer ??= new RunWriter(new SseStream(res), parsed.input, { delayMs });
        return writer;
      },
    };
    await handler(request);
  } catch (error) {
    if (error instanceof InvalidOptionError) {
      sendJsonError(res, 400, error.code, error.message);
    } else {
      console.error('[ag-ui-lit server] agent failed:', error);
      sendJsonError(res, 500, 'internal_error', `The agent failed: ${(error as Error)?.message ?? String(error)}`);
      // Headers already sent: tell the client through the protocol instead.
      if (writer && !writer.closed) await writer.error(`The agent failed: ${(error as Error)?.message ?? String(error)}`, 'internal_error');
    }
  } finally {
    // A handler that returns leaves nothing open (the `hang` scenario returns only once the client is gone).
    if (writer && !writer.closed) writer.stream.end();
  }
}

function resolveDelay(query: URLSearchParams, req: IncomingMessage, fallback: number): number {
  if (query.has('delay')) return intOption(query, 'delay', fallback, 0, MAX_DELAY_MS);
  const header = req.headers[DELAY_HEADER];
  if (typeof header === 'string') return intOption(new URLSearchParams({ [DELAY_HEADER]: header }), DELAY_HEADER, fallback, 0, MAX_DELAY_MS);
  return fallback;
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

const REPLAYED_KINDS: readonly string[] = [AgentKind.OPENAI_COMPATIBLE, AgentKind.ANTHROPIC];

/** A replayed test model: the route code of a configured `/api/agent`, with a test key and a `fetch` that replays. */
function replayedModel(kind: ModelConfig['kind']): ModelConfig {
  return { kind, model: 'replay-model', apiKey: REPLAY_API_KEY, baseUrl: 'http://llm-replay.invalid/v1' };
}

interface ModelTestRoute {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The path after `/api/test/model/`. */
  path: string;
  replay: ModelReplay;
  recorder: RequestRecorder;
  maxBodyBytes: number;
}

function handleModelTest({ req, res, url, path, replay, recorder, maxBodyBytes }: ModelTestRoute): void {
  if (path === 'requests') {
    if (!allowMethod(req, res, 'GET')) return;
    const threadId = url.searchParams.get('threadId') ?? '';
    sendJson(res, 200, { threadId, requests: replay.requests(threadId) });
    return;
  }
  const [kind, rest] = path.split('/', 2) as [string, string | undefined];
  if (!REPLAYED_KINDS.includes(kind) || (rest !== undefined && rest !== 'info')) {
    sendJsonError(res, 404, 'unknown_model_kind', `No test model "${path}". Kinds: ${REPLAYED_KINDS.join(', ')}.`);
    return;
  }
  const config = replayedModel(kind as ModelConfig['kind']);
  if (rest === 'info') {
    if (allowMethod(req, res, 'GET')) sendJson(res, 200, agentInfo(config));
    return;
  }
  if (!allowMethod(req, res, 'POST')) return;
  const handler: AgentHandler = (request) => {
    const { forwardedProps, ...input } = request.input;
    const fetch = replay.fetchFor(input.threadId, replayAnswers(forwardedProps));
    return modelAgentHandler(config, { fetch })({ ...request, input: { ...input, forwardedProps: {} } });
  };
  void handleRun({ req, res, url, handler, defaultDelayMs: 0, maxBodyBytes, record: { recorder, scenario: `model/${kind}` } });
}

function handleRecordedRequests(req: IncomingMessage, res: ServerResponse, url: URL, recorder: RequestRecorder): void {
  const threadId = url.searchParams.get('threadId') ?? undefined;
  if (req.method === 'GET') {
    if (threadId === undefined) sendJson(res, 200, { threads: recorder.threads() });
    else sendJson(res, 200, { threadId, requests: recorder.get(threadId) });
    return;
  }
  if (req.method === 'DELETE') {
    sendJson(res, 200, { cleared: recorder.clear(threadId) });
    return;
  }
  sendJsonError(res, 405, 'method_not_allowed', 'Use GET or DELETE for this route.', { headers: { Allow: 'GET, DELETE' } });
}
