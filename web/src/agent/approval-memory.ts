import { z } from 'zod';
import type { RegisteredTool, ToolPolicy } from '../tools/index.js';
import type { ApprovalScope, RememberedApproval, StoredApproval } from './types.js';

/** A tool's identity for a remembered approval: a changed description, effect or schema is another tool. */
const fingerprints = new WeakMap<object, string>();

function fingerprintOf(tool: RegisteredTool): string {
  let fingerprint = fingerprints.get(tool);
  if (fingerprint === undefined) {
    let schema: unknown;
    try {
      schema = z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' });
    } catch {
      schema = String(tool.schema);
    }
    fingerprint = JSON.stringify([tool.name, tool.description, tool.effect, schema]);
    fingerprints.set(tool, fingerprint);
  }
  return fingerprint;
}

/**
 * Whether a person may tell the loop to stop asking about `tool`: not when the tool or the page's policy says every
 * call needs approval (`requiresApproval: true` or a per-call rule on the tool, `tools[name].decision:
 * 'require_approval'` in the policy); only when the ask comes from the effect rule.
 */
export function isRememberable(tool: RegisteredTool, policy: Readonly<ToolPolicy>): boolean {
  if (tool.requiresApproval !== undefined) return false;
  const own = policy.tools !== undefined && Object.hasOwn(policy.tools, tool.name) ? policy.tools[tool.name] : undefined;
  return own?.decision === undefined;
}

/** Where remembered approvals are kept besides memory (`AgentRunLoop.journal`); each call must not throw. */
export interface ApprovalKeeper {
  remembered(approval: StoredApproval): void;
  forgotten(toolName: string | undefined): void;
}

/**
 * Approvals a person asked the loop to remember ("allow for this thread", "always allow this tool"), each for the
 * tool as it was defined when approved: a tool re-registered with another description, effect or schema is asked
 * about again. Held in memory, per loop (the owner while the page lives); each change is also handed to `keeper`
 * (the loop's journal, which writes it to a thread store), and what a store kept comes back through `restore()`.
 */
export class ApprovalMemory {
  readonly #threads = new Map<string, Map<string, string>>();
  readonly #always = new Map<string, string>();
  readonly #keeper: ApprovalKeeper | undefined;
  /** Settles once every `restore()` begun so far has settled; `undefined` when none is pending. */
  #restoring: Promise<void> | undefined;
  /** The `forget()`s made while each pending `restore()` reads (`undefined`: every tool), so it brings none back. */
  readonly #forgetsDuringRestore = new Set<(string | undefined)[]>();

  constructor(keeper?: ApprovalKeeper) {
    this.#keeper = keeper;
  }

  /** The scope under which calls of `tool` in `threadId` are already approved, if any. */
  allows(threadId: string, tool: RegisteredTool, policy: Readonly<ToolPolicy>): ApprovalScope | undefined {
    if (!isRememberable(tool, policy)) return undefined;
    const fingerprint = fingerprintOf(tool);
    if (this.#always.get(tool.name) === fingerprint) return 'always';
    if (this.#threads.get(threadId)?.get(tool.name) === fingerprint) return 'thread';
    return undefined;
  }

  /**
   * While approvals kept elsewhere are being restored: a promise that settles once they are in (or `signal`
   * aborts), so a call is not asked about what was already approved. `undefined` when nothing is pending (or
   * `signal` is aborted).
   */
  whenRestored(signal: AbortSignal): Promise<void> | undefined {
    const restoring = this.#restoring;
    if (!restoring || signal.aborted) return undefined;
    return new Promise<void>((resolve) => {
      signal.addEventListener('abort', () => resolve(), { once: true });
      void restoring.then(resolve);
    });
  }

  remember(threadId: string, tool: RegisteredTool, scope: ApprovalScope): void {
    const fingerprint = fingerprintOf(tool);
    if (scope === 'always') this.#always.set(tool.name, fingerprint);
    else this.#thread(threadId).set(tool.name, fingerprint);
    const approval: StoredApproval = { toolName: tool.name, scope, fingerprint };
    if (scope === 'thread') approval.threadId = threadId;
    this.#keeper?.remembered(approval);
  }

  /**
   * Forgets remembered approvals: of `toolName` (else of every tool), in every scope, here and where they are kept
   * (the keeper may hold some of threads not in memory). @returns how many were forgotten here
   */
  forget(toolName?: string): number {
    let count = 0;
    const drop = (map: Map<string, string>): void => {
      if (toolName === undefined) {
        count += map.size;
        map.clear();
      } else if (map.delete(toolName)) count++;
    };
    drop(this.#always);
    for (const thread of this.#threads.values()) drop(thread);
    for (const forgets of this.#forgetsDuringRestore) forgets.push(toolName);
    this.#keeper?.forgotten(toolName);
    return count;
  }

  /**
   * Adds approvals kept elsewhere (a thread store), once `approvals` resolves: each one memory has no approval of
   * its tool in its scope (and thread) for, unless forgotten meanwhile; a malformed one is skipped. A rejection adds
   * nothing (the caller reports it). Until it settles, `whenRestored()` holds calls back.
   */
  restore(approvals: Promise<readonly StoredApproval[]>): void {
    const forgets: (string | undefined)[] = [];
    this.#forgetsDuringRestore.add(forgets);
    const done = approvals.then(
      (list) => {
        for (const approval of Array.isArray(list) ? list : []) {
          if (!isStoredApproval(approval)) continue;
          const { toolName, fingerprint } = approval;
          if (forgets.some((name) => name === undefined || name === toolName)) continue;
          const map = approval.scope === 'always' ? this.#always : this.#thread(approval.threadId!);
          if (!map.has(toolName)) map.set(toolName, fingerprint);
        }
      },
      () => undefined,
    );
    const restoring: Promise<void> = Promise.all([this.#restoring, done]).then(() => {
      this.#forgetsDuringRestore.delete(forgets);
      if (this.#restoring === restoring) this.#restoring = undefined;
    });
    this.#restoring = restoring;
  }

  /** Drops the approvals of `threadId` from memory only (the thread was deleted where it was kept). */
  dropThread(threadId: string): void {
    this.#threads.delete(threadId);
  }

  list(): RememberedApproval[] {
    const list: RememberedApproval[] = [...this.#always.keys()].map((toolName) => ({ toolName, scope: 'always' }));
    for (const [threadId, thread] of this.#threads) {
      for (const toolName of thread.keys()) list.push({ toolName, scope: 'thread', threadId });
    }
    return list;
  }

  #thread(threadId: string): Map<string, string> {
    let thread = this.#threads.get(threadId);
    if (!thread) this.#threads.set(threadId, (thread = new Map()));
    return thread;
  }
}

/** Whether `value` has the shape of a `StoredApproval` (a page's store may return anything). */
function isStoredApproval(value: unknown): value is StoredApproval {
  if (typeof value !== 'object' || value === null) return false;
  const { toolName, scope, threadId, fingerprint } = value as Partial<StoredApproval>;
  return (
    typeof toolName === 'string' &&
    typeof fingerprint === 'string' &&
    (scope === 'always' || (scope === 'thread' && typeof threadId === 'string'))
  );
}
