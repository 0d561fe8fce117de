import { EventType, type BaseEvent } from '@ag-ui/client';
import type { LanguageModelV3FinishReason, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';

/** Token counts of one run, as AG-UI's `RUN_FINISHED.usage` entries carry them. */
export interface LlmUsage {
  provider: string;
  model: string;
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
  cacheWriteInputTokens?: number;
}

/** What `RUN_FINISHED.result` holds for a provider run: why the model stopped. */
export interface LlmRunResult {
  /**
   * The AI SDK's unified reason: `stop`, `tool-calls`, `length` (hit `maxTokens` or the context window),
   * `content-filter` (a refusal or the provider's filter), `error`, `other`.
   */
  finishReason: LanguageModelV3FinishReason['unified'];
  /** The provider's own word for it (`end_turn`, `refusal`, `tool_calls`, `content_filter`, ...), when it sent one. */
  rawFinishReason?: string;
}

interface OpenToolCall {
  toolCallName: string;
  args: string;
  ended: boolean;
}

/** The end of a model's stream, once `finish` arrived. */
export interface StreamFinish {
  result: LlmRunResult;
  usage: LanguageModelV3Usage;
}

const int = (value: number | undefined) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);

/** `usage` as one AG-UI usage entry, without the counts the provider did not send. */
export function usageEntry(usage: LanguageModelV3Usage, provider: string, model: string): LlmUsage {
  const entry: LlmUsage = { provider, model };
  const counts: Array<[keyof LlmUsage, number | undefined]> = [
    ['inputTokens', int(usage.inputTokens.total)],
    ['outputTokens', int(usage.outputTokens.total)],
    ['reasoningTokens', int(usage.outputTokens.reasoning)],
    ['cachedInputTokens', int(usage.inputTokens.cacheRead)],
    ['cacheWriteInputTokens', int(usage.inputTokens.cacheWrite)],
  ];
  for (const [key, value] of counts) if (value !== undefined) (entry as unknown as Record<string, number>)[key] = value;
  if (entry.inputTokens !== undefined && entry.outputTokens !== undefined) entry.totalTokens = entry.inputTokens + entry.outputTokens;
  return entry;
}

/**
 * Turns one model response's stream parts (AI SDK `LanguageModelV3StreamPart`) into AG-UI events. The provider
 * package has already assembled the wire format; this keeps AG-UI's rules:
 *
 * - all text of the response is one assistant message (`messageId`), and its tool calls name it as
 *   `parentMessageId`, so the conversation holds the assistant turn the provider will be sent back; a second text
 *   block gets a new message;
 * - `reasoning-*` -> `REASONING_START`, `REASONING_MESSAGE_START/CONTENT/END`, `REASONING_END`;
 * - `tool-input-start/delta` -> `TOOL_CALL_START/ARGS` with the provider's call id; `TOOL_CALL_END` waits for the
 *   assembled `tool-call` part, whose `input` may add what the deltas did not carry (Anthropic sends `{}` for a call
 *   without arguments); a `tool-call` that never streamed becomes START + ARGS + END at once;
 * - empty deltas are not sent (AG-UI content events carry text).
 *
 * `push()` returns the events for one part; `finish` is kept for the caller (`RUN_FINISHED` comes after the stream
 * ends); an `error` part is returned to the caller, who fails the run.
 */
export class StreamEvents {
  /** Set once the `finish` part arrived. */
  finish: StreamFinish | undefined;
  /** True once an event that shows content (text, reasoning, a tool call) was produced: a retry would repeat it. */
  emittedContent = false;
  readonly #messageId: string;
  #textMessageId: string | undefined;
  #hasText = false;
  readonly #reasoning = new Map<string, string>();
  readonly #toolCalls = new Map<string, OpenToolCall>();
  readonly #newId: () => string;

  constructor(newId: () => string) {
    this.#newId = newId;
    this.#messageId = newId();
  }

  /** The events for `part`; `{ error }` for an `error` part (the caller stops reading). */
  push(part: LanguageModelV3StreamPart): BaseEvent[] | { error: unknown } {
    switch (part.type) {
      case 'text-start':
        return this.#startText();
      case 'text-delta': {
        const start = this.#textMessageId === undefined ? this.#startText() : [];
        if (part.delta === '') return start;
        return [...start, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: this.#textMessageId!, delta: part.delta } as BaseEvent];
      }
      case 'text-end':
        return this.#endText();
      case 'reasoning-start':
        return this.#startReasoning(part.id);
      case 'reasoning-delta': {
        const start = this.#reasoning.has(part.id) ? [] : this.#startReasoning(part.id);
        if (part.delta === '') return start;
        return [...start, { type: EventType.REASONING_MESSAGE_CONTENT, messageId: this.#reasoning.get(part.id)!, delta: part.delta } as BaseEvent];
      }
      case 'reasoning-end':
        return this.#endReasoning(part.id);
      case 'tool-input-start':
        if (part.providerExecuted) return [];
        return this.#startToolCall(part.id, part.toolName);
      case 'tool-input-delta':
        return this.#toolArgs(part.id, part.delta);
      case 'tool-input-end':
        return [];
      case 'tool-call': {
        if (part.providerExecuted) return [];
        const events = this.#toolCalls.has(part.toolCallId) ? [] : this.#startToolCall(part.toolCallId, part.toolName);
        const call = this.#toolCalls.get(part.toolCallId)!;
        if (call.ended) return events;
        if (part.input.startsWith(call.args) && part.input.length > call.args.length) {
          events.push(...this.#toolArgs(part.toolCallId, part.input.slice(call.args.length)));
        }
        events.push(...this.#endToolCall(part.toolCallId));
        return events;
      }
      case 'finish':
        this.finish = {
          result: { finishReason: part.finishReason.unified, ...(part.finishReason.raw !== undefined && { rawFinishReason: part.finishReason.raw }) },
          usage: part.usage,
        };
        return [];
      case 'error':
        return { error: part.error };
      default:
        return [];
    }
  }

  /** Closes what is still open (text, reasoning, tool calls that streamed but got no `tool-call`), before `RUN_FINISHED`. */
  close(): BaseEvent[] {
    const events = this.#endText();
    for (const id of [...this.#reasoning.keys()]) events.push(...this.#endReasoning(id));
    for (const [id, call] of this.#toolCalls) if (!call.ended) events.push(...this.#endToolCall(id));
    return events;
  }

  #startText(): BaseEvent[] {
    if (this.#textMessageId !== undefined) return [];
    this.#textMessageId = this.#hasText ? this.#newId() : this.#messageId;
    this.#hasText = true;
    this.emittedContent = true;
    return [{ type: EventType.TEXT_MESSAGE_START, messageId: this.#textMessageId, role: 'assistant' } as BaseEvent];
  }

  #endText(): BaseEvent[] {
    if (this.#textMessageId === undefined) return [];
    const messageId = this.#textMessageId;
    this.#textMessageId = undefined;
    return [{ type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent];
  }

  #startReasoning(id: string): BaseEvent[] {
    if (this.#reasoning.has(id)) return [];
    const messageId = this.#newId();
    this.#reasoning.set(id, messageId);
    this.emittedContent = true;
    return [
      { type: EventType.REASONING_START, messageId } as BaseEvent,
      { type: EventType.REASONING_MESSAGE_START, messageId, role: 'reasoning' } as BaseEvent,
    ];
  }

  #endReasoning(id: string): BaseEvent[] {
    const messageId = this.#reasoning.get(id);
    if (messageId === undefined) return [];
    this.#reasoning.delete(id);
    return [{ type: EventType.REASONING_MESSAGE_END, messageId } as BaseEvent, { type: EventType.REASONING_END, messageId } as BaseEvent];
  }

  #startToolCall(toolCallId: string, toolCallName: string): BaseEvent[] {
    if (this.#toolCalls.has(toolCallId)) return [];
    this.#toolCalls.set(toolCallId, { toolCallName, args: '', ended: false });
    this.emittedContent = true;
    return [{ type: EventType.TOOL_CALL_START, toolCallId, toolCallName, parentMessageId: this.#messageId } as BaseEvent];
  }

  #toolArgs(toolCallId: string, delta: string): BaseEvent[] {
    const call = this.#toolCalls.get(toolCallId);
    if (!call || call.ended || delta === '') return [];
    call.args += delta;
    return [{ type: EventType.TOOL_CALL_ARGS, toolCallId, delta } as BaseEvent];
  }

  #endToolCall(toolCallId: string): BaseEvent[] {
    const call = this.#toolCalls.get(toolCallId);
    if (!call || call.ended) return [];
    call.ended = true;
    return [{ type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent];
  }
}
