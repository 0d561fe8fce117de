/**
 * The agent mirror: page code that holds the loop's agent (an `HttpAgent`, an `AbstractAgent`) sees the loop's
 * thread id, messages, state, pending interrupts and running flag on it.
 * @module
 * @internal
 */
import type { Interrupt, Message, State } from '@ag-ui/client';
import type { RunnableAgent } from './types.js';

/** What the mirror copies from: the loop's thread and conversation, read at each sync. */
export interface MirrorSource {
  threadId(): string;
  /** The conversation's messages (one array, mutated in place) and state. */
  readonly conversation: { readonly messages: readonly Message[]; readonly state: State; readonly version: number };
  /** The interrupts the last finished run ended with (the `Decisions`' list). */
  interrupts(): readonly Interrupt[];
}

/**
 * Keeps `agent` in step with the loop. The loop calls `sync()` from one place, whenever it commits a batch of
 * changes outside a run's stream (its `flush()`): the stream's own slices do not copy the conversation, so the
 * cost per streamed event stays independent of the conversation's length.
 */
export class AgentMirror {
  readonly #agent: RunnableAgent;
  readonly #source: MirrorSource;
  /** The conversation's `version` last copied; -1 before the first sync. */
  #syncedVersion = -1;

  constructor(agent: RunnableAgent, source: MirrorSource) {
    this.#agent = agent;
    this.#source = source;
  }

  /** Copies thread id, messages (a copy), state and pending interrupts onto the agent. */
  sync(): void {
    const agent = this.#agent;
    const { conversation } = this.#source;
    const threadId = this.#source.threadId();
    agent.pendingInterrupts = [...this.#source.interrupts()];
    // setMessages() deep-copies: skip it when nothing changed since the last sync.
    if (this.#syncedVersion === conversation.version && agent.threadId === threadId) return;
    this.#syncedVersion = conversation.version;
    agent.threadId = threadId;
    try {
      agent.setMessages(conversation.messages as Message[]);
      agent.setState(conversation.state);
    } catch {
      // setMessages/setState clone; a value that cannot be cloned is shared instead.
      agent.messages = [...conversation.messages];
      agent.state = conversation.state;
    }
  }

  /** Mirrors the loop's `running` (before `running-changed` fires). */
  running(running: boolean): void {
    this.#agent.isRunning = running;
  }
}
