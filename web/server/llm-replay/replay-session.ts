import { z } from 'zod';

/**
 * One scripted provider answer of a replay session (one per provider request, in order). The body is a golden fixture
 * of the providers' documented wire formats (tests/fixtures/llm/), streamed in `chunkBytes` pieces.
 */
export const ReplayStepSchema = z.strictObject({
  /** A file under the fixtures directory, e.g. `openai/text.sse` (`.sse` is sent as `text/event-stream`, else JSON). */
  fixture: z.string().regex(/^[a-z0-9-]+\/[a-z0-9.-]+$/i, 'a fixture is <provider>/<file>').optional(),
  /** HTTP status. Default 200. */
  status: z.int().min(200).max(599).optional(),
  /** Extra response headers, e.g. `{ "retry-after": "2" }`. */
  headers: z.record(z.string(), z.string()).optional(),
  /**
   * After this many body bytes the server destroys the socket: the client sees the connection drop mid-stream. Bytes
   * the client had not read yet are lost with it (a body stream that errors drops its queue); to cut after the client
   * has seen a given event, use `hangAfter` and `POST <prefix>sessions/<id>/cut`.
   */
  cutAfter: z.int().min(0).optional(),
  /** After this many body bytes the server ends the response cleanly: the stream stops early. */
  endAfter: z.int().min(0).optional(),
  /** After this many body bytes the server sends nothing more and keeps the connection open until the client closes it. */
  hangAfter: z.int().min(0).optional(),
  /** Size of each body write, in bytes. Default 48 (SSE frames split mid-line, as on a real connection). */
  chunkBytes: z.int().min(1).max(65_536).optional(),
});
export type ReplayStep = z.infer<typeof ReplayStepSchema>;

/** The body of `POST <prefix>sessions`. */
export const ReplaySessionInputSchema = z.strictObject({ steps: z.array(ReplayStepSchema).max(50) });

/**
 * How a replayed response ended: `open` while it streams or hangs; `completed` when the server sent all of it;
 * `cut` when the server destroyed the socket (`cutAfter`); `client-closed` when the client closed the connection
 * before the response ended (an aborted `fetch`: Stop).
 */
export type ReplayOutcome = 'open' | 'completed' | 'cut' | 'client-closed';

/** A provider request a replay session received. */
export interface ReplayRequest {
  /** 0-based position in its session. */
  index: number;
  method: string;
  /** The path after the session, e.g. `/v1/chat/completions`. */
  path: string;
  /** Request headers, lower-case names (credentials included: they are test keys, checked by the tests). */
  headers: Record<string, string>;
  /** The JSON body the provider package sent (`null` if it was not JSON). */
  body: unknown;
  /** How the response ended. */
  outcome: ReplayOutcome;
}

const MAX_SESSIONS = 200;
const MAX_REQUESTS = 50;

/** A session's script and what it received. */
export class ReplaySession {
  readonly requests: ReplayRequest[] = [];
  readonly #waiters = new Set<() => void>();
  /** How to cut each response still open, by request index. */
  readonly #cutters = new Map<number, () => void>();

  constructor(
    readonly id: string,
    readonly steps: readonly ReplayStep[],
  ) {}

  /** Records a request; returns its record and the step that answers it (`undefined` past the script). */
  receive(request: Omit<ReplayRequest, 'index' | 'outcome'>): { record: ReplayRequest; step: ReplayStep | undefined } {
    const record: ReplayRequest = { ...request, index: this.requests.length, outcome: 'open' };
    if (this.requests.length < MAX_REQUESTS) this.requests.push(record);
    this.changed();
    return { record, step: this.steps[record.index] };
  }

  /** Registers how to cut the open response of request `index` (dropped once it ended). */
  onCut(index: number, cut: () => void): void {
    this.#cutters.set(index, cut);
  }

  /** Cuts every response still open (destroys its socket mid-stream); returns how many. */
  cutOpen(): number {
    let count = 0;
    for (const [index, cut] of this.#cutters) {
      this.#cutters.delete(index);
      if (this.requests[index]?.outcome !== 'open') continue;
      cut();
      count++;
    }
    return count;
  }

  /** Wakes the waiters (`until`) after a request arrived or ended. */
  changed(): void {
    for (const index of this.#cutters.keys()) if (this.requests[index]?.outcome !== 'open') this.#cutters.delete(index);
    for (const wake of [...this.#waiters]) wake();
  }

  /**
   * Resolves `true` once `ready()` holds (re-checked after every change), or `false` after `timeoutMs`, or when
   * `signal` aborts (the control request was closed).
   */
  until(ready: () => boolean, timeoutMs: number, signal: AbortSignal): Promise<boolean> {
    if (ready()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        signal.removeEventListener('abort', stop);
        resolve(value);
      };
      const check = () => {
        if (ready()) done(true);
      };
      const stop = () => done(false);
      const timer = setTimeout(stop, timeoutMs);
      signal.addEventListener('abort', stop, { once: true });
      this.#waiters.add(check);
    });
  }
}

/** The live sessions, bounded: past 200 the oldest is forgotten. */
export class ReplaySessions {
  readonly #sessions = new Map<string, ReplaySession>();
  #next = 1;

  create(steps: readonly ReplayStep[]): ReplaySession {
    const id = `s${this.#next++}-${Math.random().toString(36).slice(2, 8)}`;
    const session = new ReplaySession(id, steps);
    this.#sessions.set(id, session);
    while (this.#sessions.size > MAX_SESSIONS) this.#sessions.delete(this.#sessions.keys().next().value!);
    return session;
  }

  get(id: string): ReplaySession | undefined {
    return this.#sessions.get(id);
  }
}
