import { contentToText, type Message, type RunAgentInput, type ToolCall, type ToolMessage } from '@ag-ui/core';

/** A tool message read back by an agent: the call it answers and what it says. */
export interface ToolAnswer {
  /** The tool message itself. */
  message: ToolMessage;
  /** The call it answers (from an assistant message of the input), if found. */
  call?: ToolCall;
  /** The call's tool name, or `'unknown'`. */
  toolName: string;
  /**
   * The arguments the tool ran with: the `editedArgs` the page reports in the tool message when a person edited them
   * before approving ("Approve with edits"), else the call's arguments parsed from JSON; `undefined` if missing or not
   * JSON.
   */
  args: unknown;
  /** The tool message content as text (content parts joined). */
  content: string;
  /** The content parsed as JSON, or the text itself when it is not JSON. */
  value: unknown;
  /** False when the message has `error` set or its content is a JSON object with `ok: false`. */
  ok: boolean;
  /** Why it failed (the `error` field, else the content's `message`/`errorCode`), when `ok` is false. */
  failure?: string;
}

/** The text of a message's content (`''` for none; content parts' text joined). */
export function messageText(message: Message): string {
  const content = (message as { content?: unknown }).content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return contentToText(content);
  return '';
}

/** The last message of the input, if any. */
export function lastMessage(input: RunAgentInput): Message | undefined {
  return input.messages[input.messages.length - 1];
}

/** The text of the last user message of the input (`''` if there is none). */
export function lastUserText(input: RunAgentInput): string {
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i]!;
    if (message.role === 'user') return messageText(message);
  }
  return '';
}

/** Tool messages at the very end of the conversation (a follow-up run answers these), in order. */
export function trailingToolMessages(input: RunAgentInput): ToolMessage[] {
  const result: ToolMessage[] = [];
  for (let i = input.messages.length - 1; i >= 0; i--) {
    const message = input.messages[i]!;
    if (message.role !== 'tool') break;
    result.unshift(message);
  }
  return result;
}

/** Finds the tool call with `toolCallId` in the input's assistant messages. */
export function findToolCall(input: RunAgentInput, toolCallId: string): ToolCall | undefined {
  for (const message of input.messages) {
    if (message.role !== 'assistant') continue;
    const call = message.toolCalls?.find((candidate) => candidate.id === toolCallId);
    if (call) return call;
  }
  return undefined;
}

/** Parses JSON, or returns `fallback` when `text` is not JSON. */
export function parseJsonOr(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

/** Reads one tool message against the calls of the input. */
export function readToolAnswer(input: RunAgentInput, message: ToolMessage): ToolAnswer {
  const call = findToolCall(input, message.toolCallId);
  const content = messageText(message);
  const value = parseJsonOr(content, content);
  const record = isRecord(value) ? value : undefined;
  const failedByContent = record?.ok === false;
  const ok = !message.error && !failedByContent;
  let failure: string | undefined;
  if (!ok) {
    const parts = [message.error, typeof record?.message === 'string' ? record.message : undefined]
      .filter((part): part is string => typeof part === 'string' && part.length > 0);
    const unique = [...new Set(parts)];
    const code = typeof record?.errorCode === 'string' ? record.errorCode : undefined;
    failure = unique.join(': ') || code || 'no reason given';
    if (code && unique.length > 0) failure += ` (${code})`;
  }
  return {
    message,
    call,
    toolName: call?.function.name ?? 'unknown',
    // What ran, not what was proposed: the page's tool message carries the person's edit as `editedArgs`.
    args: isRecord(record?.editedArgs) ? record.editedArgs : call ? parseJsonOr(call.function.arguments, undefined) : undefined,
    content,
    value,
    ok,
    failure,
  };
}

/** True for a plain (non-array) object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
