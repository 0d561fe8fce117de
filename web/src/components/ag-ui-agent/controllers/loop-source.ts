/**
 * Which agent `<ag-ui-agent>`'s loop runs, and the conversation it carries when the loop is rebuilt.
 *
 * The loop is built from a *source*: `agent`, else `url` (an `SseHttpAgent` built here), and `registry`. A new
 * agent or url starts a new conversation; a new registry keeps it (the loop is rebuilt over the same thread,
 * messages and state). A conversation also survives a disconnection: it is kept as a snapshot and restored when the
 * element comes back with the same agent or url.
 * @module
 * @internal
 */
import type { Message, State } from '@ag-ui/client';
import type { AgentRunLoop } from '../../../agent/agent-run-loop.js';
import { SseHttpAgent } from '../../../agent/sse-http-agent.js';
import type { RunnableAgent } from '../../../agent/types.js';
import type { ToolRegistry } from '../../../tools/index.js';

/** What a loop is built from. */
export interface LoopSource {
  agent: RunnableAgent | undefined;
  url: string;
  registry: ToolRegistry;
}

/** A conversation carried into a new loop. */
export interface ConversationSnapshot {
  source: LoopSource;
  threadId: string;
  messages: Message[];
  state: State;
}

/** Keeps the current source, the element's own `SseHttpAgent` and the snapshot of a disconnected conversation. */
export class LoopSourceKeeper {
  #current: LoopSource | undefined;
  #snapshot: ConversationSnapshot | undefined;
  #ownAgent: SseHttpAgent | undefined;

  /** The `SseHttpAgent` built from `url` for the current loop (so `headers` can be updated in place). */
  get ownAgent(): SseHttpAgent | undefined {
    return this.#ownAgent;
  }

  /** Whether the current loop was built from exactly `source`. */
  isCurrent(source: LoopSource): boolean {
    const current = this.#current;
    return current !== undefined && current.agent === source.agent && current.url === source.url && current.registry === source.registry;
  }

  /**
   * The conversation a loop for `source` continues: `loop`'s (the current one) when only the registry changed, else
   * the snapshot of a disconnection from the same agent or url; `undefined` for a new conversation. Forgets the
   * snapshot either way.
   */
  takeCarry(source: LoopSource, loop: AgentRunLoop | undefined): ConversationSnapshot | undefined {
    const sameAgent = (other: LoopSource | undefined): boolean =>
      other !== undefined && other.agent === source.agent && (source.agent !== undefined || other.url === source.url);
    let carry: ConversationSnapshot | undefined;
    if (loop && sameAgent(this.#current)) {
      carry = { source: this.#current!, threadId: loop.threadId, messages: [...loop.messages], state: loop.state };
    } else if (!loop && sameAgent(this.#snapshot?.source)) {
      carry = this.#snapshot;
    }
    this.#snapshot = undefined;
    return carry;
  }

  /**
   * The agent for `source`, seeded with `carry` (else given `threadId`, when set): `source.agent`, or a new
   * `SseHttpAgent` for `source.url` with `headers`; `undefined` when there is neither.
   */
  agentFor(
    source: LoopSource,
    carry: ConversationSnapshot | undefined,
    threadId: string | undefined,
    headers: Record<string, string>,
  ): RunnableAgent | undefined {
    this.#ownAgent = undefined;
    let agent = source.agent;
    if (!agent && source.url) {
      this.#ownAgent = new SseHttpAgent({ url: source.url, headers, threadId: carry?.threadId ?? threadId });
      agent = this.#ownAgent;
    }
    if (!agent) return undefined;
    if (carry) {
      agent.threadId = carry.threadId;
      agent.messages = carry.messages;
      agent.state = carry.state;
    } else if (threadId !== undefined) {
      agent.threadId = threadId;
    }
    return agent;
  }

  /** Records that the current loop was built from `source`. */
  built(source: LoopSource): void {
    this.#current = source;
  }

  /** The current loop goes away: keeps its conversation as the snapshot when `keep` (a disconnection). */
  release(loop: AgentRunLoop, keep: boolean): void {
    if (keep && this.#current) {
      this.#snapshot = { source: this.#current, threadId: loop.threadId, messages: [...loop.messages], state: loop.state };
    }
    this.#current = undefined;
  }

  /** Forgets the snapshot (a reset: nothing to restore). */
  forgetSnapshot(): void {
    this.#snapshot = undefined;
  }
}
