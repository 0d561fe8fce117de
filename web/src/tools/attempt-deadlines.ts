/**
 * Attempt timeouts that share one platform timer per duration, as Node's timers do (a list per duration, in deadline
 * order). Every attempt of a tool without its own `timeoutMs` has the same 60 s timeout, so a timer per attempt
 * (armed, then cleared a few microseconds later by a trivial handler) was a third of such a tool's overhead
 * (bench/README.md, figure 2). Attempts of one duration expire in the order they started, so a list's first entry is
 * the next due; an attempt that settles leaves its list in O(1), and the list's timer stays armed until it fires,
 * then re-arms for the next entry due or lapses.
 *
 * `globalThis.setTimeout`, `clearTimeout` and `Date.now()` are looked up at call time, so fake timers (sinon) control
 * it; a list armed with another `setTimeout` than the current one is re-armed with the current one.
 */
export class AttemptDeadlines {
  #lists = new Map<number, DeadlineList>();

  /**
   * Calls `expire` once `durationMs` (> 0) have passed, unless `cancel()` is given the returned deadline first.
   * `expire` may add and cancel deadlines.
   */
  add(durationMs: number, expire: () => void): Deadline {
    let list = this.#lists.get(durationMs);
    if (list === undefined) this.#lists.set(durationMs, (list = new DeadlineList(durationMs)));
    const deadline: Deadline = { at: Date.now() + durationMs, list, expire };
    list.entries.add(deadline);
    if (list.timer === undefined || list.setTimer !== globalThis.setTimeout) this.#arm(list, deadline, durationMs);
    return deadline;
  }

  /** Forgets `deadline`; its `expire` is never called. */
  cancel(deadline: Deadline): void {
    deadline.list.entries.delete(deadline);
  }

  #arm(list: DeadlineList, next: Deadline, delayMs: number): void {
    if (list.timer !== undefined) {
      const clear = list.clearTimer; // called unbound: the platform's refuses another `this`
      clear(list.timer);
    }
    const set = globalThis.setTimeout;
    list.setTimer = set;
    list.clearTimer = globalThis.clearTimeout;
    list.armedFor = next;
    list.timer = set(() => this.#onTimer(list), delayMs);
  }

  #onTimer(list: DeadlineList): void {
    const armedFor = list.armedFor;
    list.timer = undefined;
    list.armedFor = undefined;
    // The entry the timer was armed for is due whatever `Date.now()` says (a test may fake only the timers); so is
    // every entry due no later than it.
    const now = Date.now();
    const dueAt = armedFor !== undefined && list.entries.has(armedFor) ? Math.max(now, armedFor.at) : now;
    for (const deadline of list.entries) {
      if (deadline.at > dueAt) {
        this.#arm(list, deadline, deadline.at - dueAt);
        return;
      }
      list.entries.delete(deadline);
      deadline.expire();
    }
    if (list.timer === undefined && this.#lists.get(list.durationMs) === list) this.#lists.delete(list.durationMs);
  }
}

/** One pending attempt timeout (see `AttemptDeadlines.add`). */
export interface Deadline {
  /** When it expires (`Date.now()` time, ms). */
  readonly at: number;
  readonly list: DeadlineList;
  readonly expire: () => void;
}

class DeadlineList {
  /** In insertion order, which is deadline order for one duration. */
  readonly entries = new Set<Deadline>();
  timer: ReturnType<typeof setTimeout> | undefined = undefined;
  /** The entry `timer` was armed for (it may have been cancelled since). */
  armedFor: Deadline | undefined = undefined;
  setTimer: typeof setTimeout = globalThis.setTimeout;
  clearTimer: typeof clearTimeout = globalThis.clearTimeout;

  constructor(readonly durationMs: number) {}
}
