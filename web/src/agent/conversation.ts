import { EventType } from '@ag-ui/client';
import type {
  ActivityDeltaEvent,
  ActivityMessage,
  ActivitySnapshotEvent,
  AssistantMessage,
  BaseEvent,
  Message,
  MessagesSnapshotEvent,
  ReasoningEncryptedValueEvent,
  ReasoningMessageContentEvent,
  ReasoningMessageStartEvent,
  State,
  StateDeltaEvent,
  StateSnapshotEvent,
  TextMessageContentEvent,
  TextMessageStartEvent,
  ToolCall,
  ToolCallArgsEvent,
  ToolCallResultEvent,
  ToolCallStartEvent,
  ToolMessage,
} from '@ag-ui/client';
import { applyPatch } from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';

/** A tool call and the assistant message that holds it. */
export interface ToolCallEntry {
  toolCall: ToolCall;
  owner: AssistantMessage;
}

/** What changed since the last `commit()`. */
export interface ConversationChange {
  /** Whether anything in `messages` changed (content, a new message, a snapshot). */
  messagesChanged: boolean;
  /** Ids of the messages created or changed, in first-touch order. */
  changedMessageIds: string[];
  /** Whether `state` was replaced. */
  stateChanged: boolean;
  /** The conversation's `version` after this commit. */
  version: number;
}

type MutableMessage = Message & { content?: unknown; encryptedValue?: string };

function textOf(message: MutableMessage): string {
  return typeof message.content === 'string' ? message.content : '';
}

/**
 * The conversation of one thread (AG-UI `Message`s plus `State`), updated event by event with a cost per event that
 * does not depend on the conversation's length.
 *
 * `@ag-ui/client`'s `defaultApplyEvents` deep-copies the whole message list on every event and finds messages and
 * tool calls by linear search; this keeps `Map` indexes instead (`messageId -> message`, `toolCallId -> {toolCall,
 * owner}`, `toolCallId -> tool message`) and mutates the messages in place:
 *
 * - TEXT_MESSAGE_* / REASONING_MESSAGE_*: O(1) (string append).
 * - TOOL_CALL_START / ARGS / END: O(1).
 * - TOOL_CALL_RESULT and `insertToolMessage`: the tool message goes right after its assistant message's existing tool
 *   messages; the owner is searched from the end of the list, so the cost is the distance from the end (constant
 *   while streaming, where the owner is the last or nearly last message).
 * - `insertToolMessages` (a round's results): one pass over the list.
 * - STATE_SNAPSHOT: O(1); STATE_DELTA: O(size of the state) (fast-json-patch on a copy, so a failed patch changes
 *   nothing), independent of the messages.
 * - MESSAGES_SNAPSHOT / `setMessages`: O(n), inherently.
 *
 * Messages are mutated in place; the array keeps its identity. Consumers tell changes apart by `version`, which
 * `commit()` increments once per batch of events, and by the ids `commit()` reports.
 *
 * Activity messages (role `activity`) are kept for display but are never sent to the agent (`messagesForAgent()`),
 * as `@ag-ui/client` does.
 */
export class Conversation {
  #messages: Message[] = [];
  #state: State = {};
  #version = 0;
  #byId = new Map<string, Message>();
  #toolCalls = new Map<string, ToolCallEntry>();
  /** toolCallId -> the (latest) tool message answering it. */
  #toolResults = new Map<string, ToolMessage>();
  #changedIds = new Set<string>();
  #messagesChanged = false;
  #stateChanged = false;

  constructor(messages: readonly Message[] = [], state: State = {}) {
    this.setMessages(messages);
    this.#state = state;
    this.#messagesChanged = false;
  }

  /** The messages, in order. Same array (mutated in place) for the life of the conversation. */
  get messages(): readonly Message[] {
    return this.#messages;
  }

  get state(): State {
    return this.#state;
  }

  /** Incremented by every `commit()` that had changes. */
  get version(): number {
    return this.#version;
  }

  getMessage(messageId: string): Message | undefined {
    return this.#byId.get(messageId);
  }

  getToolCall(toolCallId: string): ToolCallEntry | undefined {
    return this.#toolCalls.get(toolCallId);
  }

  /** The tool message answering `toolCallId`, if there is one. */
  getToolResult(toolCallId: string): ToolMessage | undefined {
    return this.#toolResults.get(toolCallId);
  }

  /** The messages to send in a `RunAgentInput`: everything but activity messages (a new array, same objects). */
  messagesForAgent(): Message[] {
    return this.#messages.filter((message) => message.role !== 'activity');
  }

  /** Replaces every message (copying nothing: the caller hands over the objects) and rebuilds the indexes. */
  setMessages(messages: readonly Message[]): void {
    this.#messages.length = 0;
    for (const message of messages) this.#messages.push(message);
    this.#reindex();
    this.#messagesChanged = true;
  }

  setState(state: State): void {
    this.#state = state;
    this.#stateChanged = true;
  }

  /** Appends a message (e.g. the user's). */
  append(message: Message): void {
    this.#messages.push(message);
    this.#index(message);
    this.#touch(message.id);
  }

  /**
   * Inserts a tool message right after the assistant message that owns its call, after the tool messages already
   * there (so parallel results keep their order). Appends when the owner is unknown. A second answer to the same
   * call replaces nothing: it is inserted too, as `@ag-ui/client` does.
   */
  insertToolMessage(message: ToolMessage): void {
    const owner = this.#toolCalls.get(message.toolCallId)?.owner;
    const ownerIndex = owner ? this.#messages.lastIndexOf(owner) : -1;
    if (ownerIndex === -1) {
      this.#messages.push(message);
    } else {
      let at = ownerIndex + 1;
      while (at < this.#messages.length && this.#messages[at]!.role === 'tool') at++;
      this.#messages.splice(at, 0, message);
    }
    this.#byId.set(message.id, message);
    this.#toolResults.set(message.toolCallId, message);
    this.#touch(message.id);
  }

  /**
   * Inserts many tool messages at once, each where `insertToolMessage()` would put it (in order), in one pass over
   * the list: O(messages + inserted), where inserting them one by one costs O(distance from the end) each, which
   * for a round of 1,000 parallel results after a 1,000-call assistant message adds up to O(n²).
   */
  insertToolMessages(messages: readonly ToolMessage[]): void {
    if (messages.length < 2) {
      for (const message of messages) this.insertToolMessage(message);
      return;
    }
    const current = this.#messages;
    // Where `insertToolMessage()` would put each one: after its owner's last occurrence, past the tool messages that
    // follow it. A message without a known owner is appended, and later ones can land after it: one by one then.
    // Consecutive messages usually share their owner (a round's results): the last owner's place is reused.
    const insertAfter = new Map<number, ToolMessage[]>();
    const ownerIndexes = new Map<Message, number>();
    let lastOwner: Message | undefined;
    let lastList: ToolMessage[] | undefined;
    for (const message of messages) {
      const owner = this.#toolCalls.get(message.toolCallId)?.owner;
      if (owner !== undefined && owner === lastOwner) {
        lastList!.push(message);
        continue;
      }
      let index = owner === undefined ? -1 : ownerIndexes.get(owner);
      if (index === undefined) {
        const ownerIndex = current.lastIndexOf(owner!);
        if (ownerIndex !== -1) {
          index = ownerIndex;
          while (index + 1 < current.length && current[index + 1]!.role === 'tool') index++;
        } else index = -1;
        ownerIndexes.set(owner!, index);
      }
      if (index === -1) {
        for (const each of messages) this.insertToolMessage(each);
        return;
      }
      let list = insertAfter.get(index);
      if (list === undefined) insertAfter.set(index, (list = []));
      list.push(message);
      lastOwner = owner;
      lastList = list;
    }
    const atEnd = insertAfter.size === 1 ? insertAfter.get(current.length - 1) : undefined;
    if (atEnd !== undefined) {
      // All of them go after the last message (the round answers the newest assistant message): append.
      for (const message of atEnd) current.push(message);
    } else {
      const next: Message[] = [];
      for (let i = 0; i < current.length; i++) {
        next.push(current[i]!);
        const list = insertAfter.get(i);
        if (list) for (const message of list) next.push(message);
      }
      current.length = 0;
      for (const message of next) current.push(message);
    }
    for (const message of messages) {
      this.#byId.set(message.id, message);
      this.#toolResults.set(message.toolCallId, message);
      this.#touch(message.id);
    }
  }

  /**
   * Applies one AG-UI event (after `transformChunks`/`verifyEvents`). Events that do not touch messages or state
   * (RUN_*, STEP_*, CUSTOM, RAW, SUBAGENT_*, REASONING_START/END, unknown types) are ignored.
   * Never throws for malformed input: a patch that does not apply is reported with `console.warn` and skipped.
   */
  apply(event: BaseEvent): void {
    switch (event.type) {
      case EventType.TEXT_MESSAGE_START: {
        const { messageId, role, name } = event as TextMessageStartEvent;
        this.#openMessage(messageId, role ?? 'assistant', name);
        return;
      }
      case EventType.REASONING_MESSAGE_START:
        this.#openMessage((event as ReasoningMessageStartEvent).messageId, 'reasoning');
        return;
      case EventType.TEXT_MESSAGE_CONTENT:
      case EventType.REASONING_MESSAGE_CONTENT: {
        const { messageId, delta } = event as TextMessageContentEvent | ReasoningMessageContentEvent;
        const message = this.#byId.get(messageId) as MutableMessage | undefined;
        if (!message || message.role === 'activity' || typeof delta !== 'string') return;
        if (Array.isArray(message.content)) return;
        message.content = textOf(message) + delta;
        this.#touch(messageId);
        return;
      }
      case EventType.TOOL_CALL_START:
        this.#startToolCall(event as ToolCallStartEvent);
        return;
      case EventType.TOOL_CALL_ARGS: {
        const { toolCallId, delta } = event as ToolCallArgsEvent;
        const entry = this.#toolCalls.get(toolCallId);
        if (!entry || typeof delta !== 'string') return;
        entry.toolCall.function.arguments += delta;
        this.#touch(entry.owner.id);
        return;
      }
      case EventType.TOOL_CALL_RESULT: {
        const { messageId, toolCallId, content } = event as ToolCallResultEvent;
        this.insertToolMessage({ id: messageId, role: 'tool', toolCallId, content });
        return;
      }
      case EventType.REASONING_ENCRYPTED_VALUE: {
        const { subtype, entityId, encryptedValue } = event as ReasoningEncryptedValueEvent;
        if (subtype === 'tool-call') {
          const entry = this.#toolCalls.get(entityId);
          if (!entry) return;
          entry.toolCall.encryptedValue = encryptedValue;
          this.#touch(entry.owner.id);
        } else {
          const message = this.#byId.get(entityId) as MutableMessage | undefined;
          if (!message || message.role === 'activity') return;
          message.encryptedValue = encryptedValue;
          this.#touch(entityId);
        }
        return;
      }
      case EventType.STATE_SNAPSHOT:
        this.setState((event as StateSnapshotEvent).snapshot);
        return;
      case EventType.STATE_DELTA: {
        const next = this.#patched(this.#state, (event as StateDeltaEvent).delta, 'state');
        if (next !== undefined) this.setState(next);
        return;
      }
      case EventType.MESSAGES_SNAPSHOT:
        this.#applySnapshot(event as MessagesSnapshotEvent);
        return;
      case EventType.ACTIVITY_SNAPSHOT:
        this.#applyActivitySnapshot(event as ActivitySnapshotEvent);
        return;
      case EventType.ACTIVITY_DELTA: {
        const { messageId, patch, activityType } = event as ActivityDeltaEvent;
        const message = this.#byId.get(messageId);
        if (message?.role !== 'activity') return;
        const content = this.#patched(message.content ?? {}, patch, `activity '${messageId}'`);
        if (content === undefined) return;
        message.content = content as Record<string, unknown>;
        message.activityType = activityType;
        this.#touch(messageId);
        return;
      }
      default:
        return;
    }
  }

  /**
   * Takes the changes recorded since the last commit, incrementing `version` if there were any.
   * @returns the change record, or `undefined` when nothing changed
   */
  commit(): ConversationChange | undefined {
    if (!this.#messagesChanged && !this.#stateChanged) return undefined;
    this.#version++;
    const change: ConversationChange = {
      messagesChanged: this.#messagesChanged,
      changedMessageIds: [...this.#changedIds],
      stateChanged: this.#stateChanged,
      version: this.#version,
    };
    this.#messagesChanged = false;
    this.#stateChanged = false;
    this.#changedIds.clear();
    return change;
  }

  #touch(messageId: string): void {
    this.#messagesChanged = true;
    this.#changedIds.add(messageId);
  }

  #index(message: Message): void {
    this.#byId.set(message.id, message);
    if (message.role === 'assistant') {
      for (const toolCall of message.toolCalls ?? []) this.#toolCalls.set(toolCall.id, { toolCall, owner: message });
    } else if (message.role === 'tool') {
      this.#toolResults.set(message.toolCallId, message);
    }
  }

  #reindex(): void {
    this.#byId.clear();
    this.#toolCalls.clear();
    this.#toolResults.clear();
    for (const message of this.#messages) this.#index(message);
  }

  #openMessage(messageId: string, role: Message['role'], name?: string): void {
    if (this.#byId.has(messageId)) return; // e.g. created by TOOL_CALL_START with this parentMessageId
    const message = { id: messageId, role, content: '', ...(name !== undefined && { name }) } as Message;
    this.append(message);
  }

  #startToolCall({ toolCallId, toolCallName, parentMessageId }: ToolCallStartEvent): void {
    const existing = this.#toolCalls.get(toolCallId);
    if (existing) {
      // A replayed start: keep the streamed arguments, follow a rename.
      if (existing.toolCall.function.name !== toolCallName) {
        existing.toolCall.function.name = toolCallName;
        this.#touch(existing.owner.id);
      }
      return;
    }
    let owner: AssistantMessage | undefined;
    const parent = parentMessageId ? this.#byId.get(parentMessageId) : undefined;
    if (parent?.role === 'assistant') {
      owner = parent;
    } else {
      // No parent, or the id names a non-assistant message: a new assistant message holds the call.
      owner = { id: parentMessageId && !parent ? parentMessageId : toolCallId, role: 'assistant', toolCalls: [] };
      this.append(owner);
    }
    const toolCall: ToolCall = { id: toolCallId, type: 'function', function: { name: toolCallName, arguments: '' } };
    (owner.toolCalls ??= []).push(toolCall);
    this.#toolCalls.set(toolCallId, { toolCall, owner });
    this.#touch(owner.id);
  }

  #applySnapshot({ messages: incoming }: MessagesSnapshotEvent): void {
    // As `@ag-ui/client`: messages in the snapshot replace ours by id; ours that it leaves out are dropped, except
    // activity and reasoning messages when the snapshot carries none of that role (producers rarely track them).
    const byId = new Map(incoming.map((message) => [message.id, message]));
    const keepActivity = !incoming.some((message) => message.role === 'activity');
    const keepReasoning = !incoming.some((message) => message.role === 'reasoning');
    const next: Message[] = [];
    const seen = new Set<string>();
    for (const message of this.#messages) {
      const replacement = byId.get(message.id);
      if (replacement) {
        next.push(replacement);
        seen.add(message.id);
      } else if ((message.role === 'activity' && keepActivity) || (message.role === 'reasoning' && keepReasoning)) {
        next.push(message);
      }
    }
    for (const message of incoming) if (!seen.has(message.id)) next.push(message);
    this.setMessages(next);
    for (const message of incoming) this.#touch(message.id);
  }

  #applyActivitySnapshot({ messageId, activityType, content, replace }: ActivitySnapshotEvent): void {
    const existing = this.#byId.get(messageId);
    if (existing && existing.role !== 'activity') return; // ids are unique across roles; ignore the clash
    if (existing) {
      if (replace === false) return;
      existing.activityType = activityType;
      existing.content = structuredClone(content);
      this.#touch(messageId);
      return;
    }
    const message: ActivityMessage = { id: messageId, role: 'activity', activityType, content: structuredClone(content) };
    this.append(message);
  }

  #patched<T>(document: T, patch: unknown, what: string): T | undefined {
    if (!Array.isArray(patch)) return undefined;
    try {
      // Not in place: a patch that fails half-way must leave the document as it was (RFC 6902 atomicity).
      return applyPatch(document, patch as Operation[], true, false).newDocument;
    } catch (error) {
      console.warn(`[ag-ui-lit] Ignored a JSON Patch that does not apply to the ${what}:`, error);
      return undefined;
    }
  }
}

/** A deep copy of `messages` (a shallow copy of each message when one cannot be cloned): what the loop takes in. */
export function cloneMessages(messages: readonly Message[]): Message[] {
  try {
    return structuredClone(messages) as Message[];
  } catch {
    return messages.map((message) => ({ ...message }));
  }
}
