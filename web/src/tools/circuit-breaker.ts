import { ToolErrorCode } from './errors.js';
import type { CircuitStateChangedDetail } from './tool-events.js';
import { CircuitState, DEFAULT_CIRCUIT_BREAKER_CONFIG, type CircuitBreakerConfig, type ToolError } from './types.js';

interface Circuit {
  state: CircuitState;
  /** Consecutive failed executions while closed. */
  failures: number;
  /** Successes while half-open. */
  successes: number;
  /** Trial executions in flight while half-open. */
  trials: number;
  /** When the circuit last opened, ms since the epoch. */
  openedAt: number;
  /** Timer that moves an open circuit to half-open. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Whether an execution may run, as decided by `CircuitBreaker.admit()`.
 * @internal
 */
export type CircuitAdmission =
  | { readonly admitted: true; /** Runs as a half-open trial; report its end with `trial: true`. */ readonly trial: boolean }
  | {
      readonly admitted: false;
      readonly state: CircuitState;
      /** ms until the circuit goes half-open; `undefined` when half-open with all trial slots taken. */
      readonly retryAfter: number | undefined;
    };

const ADMITTED: CircuitAdmission = Object.freeze({ admitted: true, trial: false });
const ADMITTED_AS_TRIAL: CircuitAdmission = Object.freeze({ admitted: true, trial: true });

/**
 * Per-tool circuit breakers (the AG-UI Kotlin tools SDK's design, wired into `ToolExecutionManager`).
 *
 * - closed: executions run; `failureThreshold` consecutive failed executions open the circuit.
 * - open: executions are rejected without running, until `recoveryTimeoutMs` has passed; then half-open.
 * - half-open: up to `successThreshold` trial executions run at a time; `successThreshold` successes close the
 *   circuit, one failure re-opens it (for another `recoveryTimeoutMs`).
 *
 * Only real failures of the tool count (the manager decides which; see `ToolExecutionManager`). The open -> half-open
 * move happens on a timer (so listeners learn of it on time) and also on the next `admit()`/`getState()` past the
 * deadline (background tabs throttle timers). Times come from `Date.now()` and `globalThis.setTimeout`, looked up at call time, so fake timers control them.
 * @internal
 */
export class CircuitBreaker {
  readonly config: Readonly<CircuitBreakerConfig>;
  #circuits = new Map<string, Circuit>();
  #onChange: (detail: CircuitStateChangedDetail) => void;

  /**
   * @param config - fields override `DEFAULT_CIRCUIT_BREAKER_CONFIG` (5 failures, 60000 ms, 2 successes)
   * @param onChange - called on every state change
   */
  constructor(config: Partial<CircuitBreakerConfig> = {}, onChange: (detail: CircuitStateChangedDetail) => void = () => {}) {
    const merged = { ...DEFAULT_CIRCUIT_BREAKER_CONFIG };
    for (const key of Object.keys(config) as Array<keyof CircuitBreakerConfig>) {
      const value = config[key];
      if (value !== undefined) merged[key] = value;
    }
    if (!(merged.failureThreshold >= 1) || !(merged.successThreshold >= 1) || !(merged.recoveryTimeoutMs >= 0)) {
      throw new RangeError(
        'CircuitBreakerConfig: failureThreshold and successThreshold must be >= 1 and recoveryTimeoutMs >= 0',
      );
    }
    this.config = Object.freeze(merged);
    this.#onChange = onChange;
  }

  /** Decides whether an execution of `toolName` may run now (a `trial` admission must be reported back). */
  admit(toolName: string): CircuitAdmission {
    if (this.#circuits.size === 0) return ADMITTED;
    const circuit = this.#circuits.get(toolName);
    if (circuit === undefined || circuit.state === CircuitState.CLOSED) return ADMITTED;
    if (circuit.state === CircuitState.OPEN) {
      const left = circuit.openedAt + this.config.recoveryTimeoutMs - Date.now();
      if (left > 0) {
        return { admitted: false, state: circuit.state, retryAfter: left };
      }
      this.#halfOpen(toolName, circuit);
    }
    if (circuit.trials >= this.config.successThreshold) {
      return { admitted: false, state: circuit.state, retryAfter: undefined };
    }
    circuit.trials++;
    return ADMITTED_AS_TRIAL;
  }

  /** Reports a successful execution. */
  recordSuccess(toolName: string, trial: boolean): void {
    if (this.#circuits.size === 0) return;
    const circuit = this.#circuits.get(toolName);
    if (circuit === undefined) return;
    if (trial && circuit.trials > 0) circuit.trials--;
    if (circuit.state === CircuitState.CLOSED) {
      // The failure streak is broken; no entry is the same as a clean closed circuit.
      this.#circuits.delete(toolName);
    } else if (circuit.state === CircuitState.HALF_OPEN) {
      circuit.successes++;
      if (circuit.successes >= this.config.successThreshold) this.#close(toolName, circuit);
    }
    // open: a success of an execution admitted before the circuit opened proves too little to close it.
  }

  /** Reports a failed execution that counts against the tool's health. */
  recordFailure(toolName: string, trial: boolean): void {
    let circuit = this.#circuits.get(toolName);
    if (circuit === undefined) {
      circuit = { state: CircuitState.CLOSED, failures: 0, successes: 0, trials: 0, openedAt: 0, timer: undefined };
      this.#circuits.set(toolName, circuit);
    }
    if (trial && circuit.trials > 0) circuit.trials--;
    if (circuit.state === CircuitState.CLOSED) {
      circuit.failures++;
      if (circuit.failures >= this.config.failureThreshold) this.#open(toolName, circuit);
    } else if (circuit.state === CircuitState.HALF_OPEN) {
      this.#open(toolName, circuit);
    }
  }

  /** Reports an admitted execution that ended without a verdict on the tool (cancelled, invalid arguments). */
  release(toolName: string, trial: boolean): void {
    if (!trial) return;
    const circuit = this.#circuits.get(toolName);
    if (circuit !== undefined && circuit.trials > 0) circuit.trials--;
  }

  /** The circuit's state (`closed` for a tool with no failures on record). */
  getState(toolName: string): CircuitState {
    const circuit = this.#circuits.get(toolName);
    if (circuit === undefined) return CircuitState.CLOSED;
    if (circuit.state === CircuitState.OPEN && Date.now() >= circuit.openedAt + this.config.recoveryTimeoutMs) {
      this.#halfOpen(toolName, circuit);
    }
    return circuit.state;
  }

  /** Closes the circuit of one tool, or of all tools, and forgets their failures. Announces each change. */
  reset(toolName?: string): void {
    const names = toolName === undefined ? [...this.#circuits.keys()] : [toolName];
    for (const name of names) {
      const circuit = this.#circuits.get(name);
      if (circuit === undefined) continue;
      this.#circuits.delete(name);
      if (circuit.timer !== undefined) globalThis.clearTimeout(circuit.timer);
      if (circuit.state !== CircuitState.CLOSED) {
        this.#onChange({ toolName: name, state: CircuitState.CLOSED, previousState: circuit.state });
      }
    }
  }

  #open(toolName: string, circuit: Circuit): void {
    const previousState = circuit.state;
    circuit.state = CircuitState.OPEN;
    circuit.openedAt = Date.now();
    circuit.successes = 0;
    if (circuit.timer !== undefined) globalThis.clearTimeout(circuit.timer);
    circuit.timer = globalThis.setTimeout(() => {
      circuit.timer = undefined;
      if (this.#circuits.get(toolName) === circuit && circuit.state === CircuitState.OPEN) this.#halfOpen(toolName, circuit);
    }, this.config.recoveryTimeoutMs);
    this.#onChange({ toolName, state: CircuitState.OPEN, previousState, retryAfter: this.config.recoveryTimeoutMs });
  }

  #halfOpen(toolName: string, circuit: Circuit): void {
    if (circuit.timer !== undefined) {
      globalThis.clearTimeout(circuit.timer);
      circuit.timer = undefined;
    }
    circuit.state = CircuitState.HALF_OPEN;
    circuit.successes = 0;
    circuit.trials = 0;
    this.#onChange({ toolName, state: CircuitState.HALF_OPEN, previousState: CircuitState.OPEN });
  }

  #close(toolName: string, circuit: Circuit): void {
    // A closed circuit with no failures is the same as no entry: drop it so the fast path stays a size check.
    this.#circuits.delete(toolName);
    if (circuit.timer !== undefined) globalThis.clearTimeout(circuit.timer);
    this.#onChange({ toolName, state: CircuitState.CLOSED, previousState: circuit.state });
  }
}

/**
 * Whether a failed execution says something about the tool's health. Invalid arguments do not: they are the
 * model's mistake, and letting them open the circuit would lock every caller out of a healthy tool because one
 * conversation went astray. Cancellations are the user's choice, and a circuit-open or rate-limited rejection never ran.
 * @internal
 */
export function countsAgainstCircuit(error: ToolError | undefined): boolean {
  return (
    error !== undefined &&
    error.category !== 'validation' &&
    error.category !== 'cancelled' &&
    error.code !== ToolErrorCode.CIRCUIT_OPEN &&
    error.code !== ToolErrorCode.RATE_LIMITED
  );
}

/**
 * The fail-fast error for an execution the circuit did not admit: category `transient`, code `circuit_open`, a
 * message saying the tool is temporarily unavailable, `retryAfter` = ms until half-open (absent when half-open
 * with its trial calls in flight), `retryable: false` (not retried within the execution).
 * @internal
 */
export function circuitOpenError(toolName: string, admission: CircuitAdmission & { admitted: false }): ToolError {
  const { retryAfter } = admission;
  const message =
    retryAfter === undefined
      ? `Tool "${toolName}" is temporarily unavailable: it is recovering from repeated failures and its trial calls are still running. Try again shortly.`
      : `Tool "${toolName}" is temporarily unavailable after repeated failures. Try again in ${Math.ceil(retryAfter / 1000)} s.`;
  const error: ToolError = { category: 'transient', code: ToolErrorCode.CIRCUIT_OPEN, message, retryable: false };
  if (retryAfter !== undefined) error.retryAfter = retryAfter;
  return error;
}

/**
 * Tells `breaker` how an execution of `toolName` that it admitted ended (`trial`: as `admit()` said): a success
 * closes a streak, a failure that `countsAgainstCircuit` or a write that hung past its timeout (`uncertain` with a
 * `TimeoutError` cause) counts against it, anything else (a cancellation) only frees its trial slot.
 * @internal
 */
export function recordCircuitOutcome(
  breaker: CircuitBreaker,
  toolName: string,
  trial: boolean,
  status: 'succeeded' | 'failed' | 'cancelled' | 'uncertain',
  error: ToolError | undefined,
): void {
  if (status === 'succeeded') breaker.recordSuccess(toolName, trial);
  else if (
    (status === 'failed' && countsAgainstCircuit(error)) ||
    // A write that hung past its timeout counts as the failure it is for the circuit; a cancelled one does not.
    (status === 'uncertain' && (error?.cause as { name?: unknown } | undefined)?.name === 'TimeoutError')
  ) {
    breaker.recordFailure(toolName, trial);
  } else breaker.release(toolName, trial);
}
