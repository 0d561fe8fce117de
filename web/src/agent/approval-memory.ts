import { z } from 'zod';
import type { RegisteredTool, ToolPolicy } from '../tools/index.js';
import type { ApprovalScope, RememberedApproval } from './types.js';

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

/**
 * Approvals a person asked the loop to remember ("allow for this thread", "always allow this tool"), each for the
 * tool as it was defined when approved: a tool re-registered with another description, effect or schema is asked
 * about again. Kept in memory, per loop.
 */
export class ApprovalMemory {
  readonly #threads = new Map<string, Map<string, string>>();
  readonly #always = new Map<string, string>();

  /** The scope under which calls of `tool` in `threadId` are already approved, if any. */
  allows(threadId: string, tool: RegisteredTool, policy: Readonly<ToolPolicy>): ApprovalScope | undefined {
    if (!isRememberable(tool, policy)) return undefined;
    const fingerprint = fingerprintOf(tool);
    if (this.#always.get(tool.name) === fingerprint) return 'always';
    if (this.#threads.get(threadId)?.get(tool.name) === fingerprint) return 'thread';
    return undefined;
  }

  remember(threadId: string, tool: RegisteredTool, scope: ApprovalScope): void {
    const fingerprint = fingerprintOf(tool);
    if (scope === 'always') {
      this.#always.set(tool.name, fingerprint);
      return;
    }
    let thread = this.#threads.get(threadId);
    if (!thread) this.#threads.set(threadId, (thread = new Map()));
    thread.set(tool.name, fingerprint);
  }

  /** Forgets remembered approvals: of `toolName` (else of every tool), in every scope. @returns how many were forgotten */
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
    return count;
  }

  list(): RememberedApproval[] {
    const list: RememberedApproval[] = [...this.#always.keys()].map((toolName) => ({ toolName, scope: 'always' }));
    for (const [threadId, thread] of this.#threads) {
      for (const toolName of thread.keys()) list.push({ toolName, scope: 'thread', threadId });
    }
    return list;
  }
}
