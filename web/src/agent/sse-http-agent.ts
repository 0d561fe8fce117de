import {
  AGUIError,
  EventType,
  omitOptionalNulls,
  parseSSEStream,
  runHttpRequest,
  type BaseEvent,
  type Interrupt,
  type Message,
  type RunAgentInput,
  type State,
} from '@ag-ui/client';
import { Observable, Subject, type Subscription } from 'rxjs';
import { guardBody } from './http-agent-guard.js';
import type { RunnableAgent } from './types.js';

/** What `runHttpRequest` emits (`@ag-ui/client` does not export the type). */
type HttpEvent = ReturnType<typeof runHttpRequest> extends Observable<infer E> ? E : never;

/** `fetch` as `SseHttpAgent` calls it. */
export type SseHttpAgentFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Options of `SseHttpAgent`. */
export interface SseHttpAgentConfig {
  /** The AG-UI endpoint: `POST`ed a `RunAgentInput` (JSON), answers `text/event-stream`. */
  url: string;
  /** Sent with every run (`Content-Type: application/json` and `Accept: text/event-stream` are always set). Default `{}`. */
  headers?: Record<string, string>;
  /** Seeds the loop's thread. Default: a new id (`AgentRunLoop` makes one). */
  threadId?: string;
  /** Seeds the conversation. Default `[]`. */
  messages?: Message[];
  /** Seeds the shared state. Default `{}`. */
  state?: State;
  /** Replaces the global `fetch` (auth wrappers, tests). It receives the request's `AbortSignal` in `init.signal`. */
  fetch?: SseHttpAgentFetch;
}

/**
 * The JSON body for `input`, under `@ag-ui/core`'s null rule (`omitOptionalNulls`: an optional field is absent, never
 * `null`). Serialized once first: `JSON.stringify` writes a property whose value is `null` as `":null`, so a body
 * without that sequence has no null to omit and is sent as it is (the walk costs about 1 ms on a 2,000-message
 * follow-up); otherwise the input goes through `omitOptionalNulls` and is serialized again.
 */
function requestBody(input: RunAgentInput): string {
  const body = JSON.stringify(input);
  return body.includes('":null') ? JSON.stringify(omitOptionalNulls(input, 'RunAgentInput')) : body;
}

/** The media type of AG-UI's protobuf encoding (`@ag-ui/proto`'s `AGUI_MEDIA_TYPE`). */
const PROTOBUF_MEDIA_TYPE = 'application/vnd.ag-ui.event+proto';

/**
 * A middleware of an `SseHttpAgent` (`use()`): `@ag-ui/client`'s `Middleware` fits, as do objects of this shape.
 * `next` is the rest of the chain (its `run(input)`, and the agent's `messages` and `state`).
 */
export interface SseHttpAgentMiddleware {
  run(input: RunAgentInput, next: MiddlewareNext): Observable<BaseEvent>;
}

/** The rest of a middleware chain, as a middleware sees it (`@ag-ui/client`'s `Middleware.run(input, next)`). */
export interface MiddlewareNext {
  run(input: RunAgentInput): Observable<BaseEvent>;
  readonly messages: Message[];
  readonly state: State;
}

/**
 * A light AG-UI agent over HTTP: `POST` the `RunAgentInput` as JSON, read the answer as Server-Sent Events. It is what
 * `<ag-ui-agent url>` builds.
 *
 * The transport is `@ag-ui/client`'s own (`runHttpRequest` for the request and body, `parseSSEStream` for SSE
 * framing and `JSON.parse`), with `HttpAgent.run()`'s frame checks (every frame a JSON object with a string `type`,
 * else the run errors with an `AGUIError`) and its null rule on the way out (`omitOptionalNulls(input,
 * 'RunAgentInput')`). What it leaves out, on purpose, is the rest of `HttpAgent`: it does not extend `AbstractAgent`
 * (no `runAgent()` or subscribers; middlewares added with `use()` are kept for `AgentRunLoop`, which chains them as
 * `runAgent()` does) and reads no protobuf, so a page that uses it does not ship
 * `@ag-ui/proto` and the rest of `HttpAgent` (29 KiB gzip for the element page; see bench/README.md). A response in
 * AG-UI's protobuf encoding fails the run with an `AGUIError` saying so: pass an `HttpAgent` as `agent` for that.
 * The outgoing input is not re-validated against `RunAgentInputSchema` (`HttpAgent` does, before every request):
 * `AgentRunLoop` builds it from events `verifyEvents` accepted.
 *
 * Differences from `HttpAgent.run()` that a page can see: the request starts when the returned observable is
 * subscribed (not when `run()` is called); unsubscribing aborts it; a body that fails mid-stream (`TypeError: network
 * error`) errors the observable instead of leaving an unhandled rejection in the page (see `guardBody`); the body is
 * handed to the SSE parser in pieces, yielding to the main thread after each time budget of main-thread work.
 *
 * Works with `AgentRunLoop` (it is a `RunnableAgent`), not with `@ag-ui/client` APIs that need an `AbstractAgent`.
 *
 * @example
 * const loop = new AgentRunLoop({ agent: new SseHttpAgent({ url: '/api/agent', headers: { Authorization: token } }), registry });
 */
export class SseHttpAgent implements RunnableAgent {
  /** The endpoint (read at every run). */
  url: string;
  /** Sent with every run (read at every run, so they can be replaced between runs). */
  headers: Record<string, string>;
  /** The `fetch` used for every run. */
  fetch: SseHttpAgentFetch;
  threadId: string;
  messages: Message[];
  state: State;
  isRunning = false;
  pendingInterrupts: Interrupt[] = [];
  /**
   * The middlewares `use()` added, outermost first: `AgentRunLoop` runs every run through them (as
   * `AbstractAgent.runAgent()` does); `run()` itself does not.
   */
  readonly middlewares: SseHttpAgentMiddleware[] = [];
  /** Controllers of the requests in flight (`abortRun()` aborts them all). */
  readonly #inFlight = new Set<AbortController>();

  constructor(config: SseHttpAgentConfig) {
    this.url = config.url;
    this.headers = { ...config.headers };
    this.fetch = config.fetch ?? ((url, init) => fetch(url, init));
    this.threadId = config.threadId ?? '';
    this.messages = [...(config.messages ?? [])];
    this.state = config.state ?? {};
  }

  /**
   * Runs the agent once: a cold observable of the run's AG-UI events, in order. Errors: `Error` with a numeric
   * `status` for a non-2xx answer (the body in `payload`), `TypeError` when the connection fails or drops,
   * `SyntaxError` for a frame that is not JSON, `AGUIError` for a frame without a `type` or a protobuf response.
   * Aborting (`abortRun()`) ends it the way `HttpAgent` does: a `RUN_ERROR` with `code: 'abort'`, then completion.
   */
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const controller = new AbortController();
      this.#inFlight.add(controller);
      const bytes = new Subject<HttpEvent>();
      const fail = (error: unknown) => {
        if ((error as { name?: unknown } | null)?.name === 'AbortError') {
          subscriber.next({ type: EventType.RUN_ERROR, message: (error as Error).message || 'Request aborted', code: 'abort' } as BaseEvent);
          subscriber.complete();
        } else {
          subscriber.error(error);
        }
      };
      const frames = parseSSEStream(bytes).subscribe({
        next: (frame: unknown) => {
          if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
            fail(new AGUIError('Invalid event: the frame is not a JSON object.'));
          } else if (typeof (frame as { type?: unknown }).type !== 'string' || (frame as { type: string }).type === '') {
            fail(new AGUIError('Invalid event: the frame carries no event type.'));
          } else {
            subscriber.next(frame as BaseEvent);
          }
        },
        error: fail,
        complete: () => subscriber.complete(),
      });
      let body: Subscription | undefined;
      let readError: unknown;
      const request = () =>
        this.fetch(this.url, {
          method: 'POST',
          headers: { ...this.headers, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
          body: requestBody(input),
          signal: controller.signal,
        }).then((response) => guardBody(response, (error) => (readError ??= error)));
      body = runHttpRequest(request).subscribe({
        next: (event) => {
          if (event.type === 'headers' && event.headers.get('content-type')?.split(';')[0]?.trim() === PROTOBUF_MEDIA_TYPE) {
            fail(new AGUIError(`Invalid event stream: the server answered in AG-UI's protobuf encoding (${PROTOBUF_MEDIA_TYPE}); SseHttpAgent reads SSE only, use @ag-ui/client's HttpAgent for protobuf.`));
            body?.unsubscribe();
            return;
          }
          bytes.next(event);
        },
        error: (error) => bytes.error(error),
        complete: () => (readError === undefined ? bytes.complete() : bytes.error(readError)),
      });
      return () => {
        body?.unsubscribe();
        frames.unsubscribe();
        controller.abort();
        this.#inFlight.delete(controller);
      };
    });
  }

  /**
   * Adds middlewares (`@ag-ui/client` `Middleware` objects, or functions `(input, next) => events`), after those added
   * before; the first added is the outermost. `next.run(input)` is the rest of the chain, ending in this agent's run.
   * @returns this agent
   */
  use(...middlewares: Array<SseHttpAgentMiddleware | SseHttpAgentMiddleware['run']>): this {
    for (const middleware of middlewares) this.middlewares.push(typeof middleware === 'function' ? { run: middleware } : middleware);
    return this;
  }

  /** Aborts every request in flight (their runs end with a `RUN_ERROR` whose `code` is `'abort'`). */
  abortRun(): void {
    for (const controller of this.#inFlight) controller.abort();
  }

  /** Replaces `messages` (a shallow copy of the array). */
  setMessages(messages: Message[]): void {
    this.messages = [...messages];
  }

  /** Replaces `state`. */
  setState(state: State): void {
    this.state = state;
  }
}
