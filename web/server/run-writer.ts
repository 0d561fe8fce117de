import { randomUUID } from 'node:crypto';
import { EventType, PROTOCOL_VERSION, type BaseEvent, type Interrupt, type RunAgentInput } from '@ag-ui/core';
import type { SseStream } from './sse-stream.js';

/** Options of {@link RunWriter}. */
export interface RunWriterOptions {
  /** Wait before every event after `RUN_STARTED`, in ms (so a person sees streaming). Default 0. */
  delayMs?: number;
}

/** How {@link RunWriter.text} cuts text into `TEXT_MESSAGE_CONTENT` deltas. */
export interface TextDeltaOptions {
  /** Message id; default a new UUID. */
  messageId?: string;
  /** Cut into this many deltas of (nearly) equal length. Wins over `maxDeltaLength`. */
  deltas?: number;
  /** Cut at word boundaries into deltas of at most this many characters. Default 6. */
  maxDeltaLength?: number;
}

/** Options of {@link RunWriter.toolCall}. */
export interface ToolCallOptions {
  /** `toolCallId`; default a new UUID. */
  toolCallId?: string;
  /** `parentMessageId`: the assistant message that owns the call. */
  parentMessageId?: string;
  /** How many `TOOL_CALL_ARGS` fragments the arguments are cut into (at least 1 unless they are empty). Default 3. */
  fragments?: number;
}

/**
 * Writes one AG-UI run to an {@link SseStream} in protocol order, one helper per protocol step, so that agents read
 * as scripts: `start()`, `text()`, `toolCall()`, `toolResult()`, then `finish()` or `error()`.
 *
 * Every event after `RUN_STARTED` is preceded by `delayMs`. Once the client has gone away the writer stops writing
 * and waiting, and every method resolves at once, so a script needs no checks of its own.
 *
 * @example
 * ```ts
 * const run = new RunWriter(stream, input, { delayMs: 20 });
 * await run.start();
 * const messageId = await run.text('Let me check.');
 * await run.toolCall('get_current_time', '{"timezone":"Asia/Tokyo"}', { parentMessageId: messageId });
 * await run.finish();
 * ```
 */
export class RunWriter {
  readonly threadId: string;
  readonly runId: string;
  readonly delayMs: number;
  readonly stream: SseStream;

  constructor(stream: SseStream, input: RunAgentInput, options: RunWriterOptions = {}) {
    this.stream = stream;
    this.threadId = input.threadId;
    this.runId = input.runId;
    this.delayMs = Math.max(0, options.delayMs ?? 0);
  }

  /** True once the client has gone away (or the response ended). */
  get closed(): boolean {
    return this.stream.closed;
  }

  /** Waits `delayMs`, then writes `event`. */
  async emit(event: BaseEvent): Promise<void> {
    if (this.delayMs > 0) await this.stream.sleep(this.delayMs);
    this.stream.write(event);
  }

  /** `RUN_STARTED {threadId, runId, protocolVersion}` (the `@ag-ui/core` version this server speaks), without delay. */
  async start(): Promise<void> {
    this.stream.write({ type: EventType.RUN_STARTED, threadId: this.threadId, runId: this.runId, protocolVersion: PROTOCOL_VERSION });
  }

  /**
   * Streams `text` as one assistant text message (`START`, `CONTENT`..., `END`). Empty text sends `START` and `END`
   * only. Returns the message id.
   */
  async text(text: string, options: TextDeltaOptions = {}): Promise<string> {
    const messageId = options.messageId ?? randomUUID();
    await this.emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
    const deltas = options.deltas !== undefined ? splitEvenly(text, options.deltas) : splitWords(text, options.maxDeltaLength ?? 6);
    for (const delta of deltas) await this.emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta });
    await this.emit({ type: EventType.TEXT_MESSAGE_END, messageId });
    return messageId;
  }

  /**
   * Streams one tool call: `TOOL_CALL_START`, its raw `argsText` cut into `TOOL_CALL_ARGS` fragments (sent verbatim,
   * so invalid JSON stays invalid), `TOOL_CALL_END`. Returns the `toolCallId`.
   */
  async toolCall(toolCallName: string, argsText: string, options: ToolCallOptions = {}): Promise<string> {
    const toolCallId = options.toolCallId ?? randomUUID();
    await this.toolCallStart(toolCallName, { ...options, toolCallId });
    for (const delta of splitEvenly(argsText, options.fragments ?? 3)) await this.toolCallArgs(toolCallId, delta);
    await this.toolCallEnd(toolCallId);
    return toolCallId;
  }

  /** `TOOL_CALL_START` alone (for interleaved or unfinished calls). Returns the `toolCallId`. */
  async toolCallStart(toolCallName: string, options: Pick<ToolCallOptions, 'toolCallId' | 'parentMessageId'> = {}): Promise<string> {
    const toolCallId = options.toolCallId ?? randomUUID();
    await this.emit({
      type: EventType.TOOL_CALL_START,
      toolCallId,
      toolCallName,
      ...(options.parentMessageId !== undefined ? { parentMessageId: options.parentMessageId } : {}),
    });
    return toolCallId;
  }

  /** One `TOOL_CALL_ARGS` fragment. */
  async toolCallArgs(toolCallId: string, delta: string): Promise<void> {
    await this.emit({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta });
  }

  /** `TOOL_CALL_END`. */
  async toolCallEnd(toolCallId: string): Promise<void> {
    await this.emit({ type: EventType.TOOL_CALL_END, toolCallId });
  }

  /** `TOOL_CALL_RESULT`: the server answers a (backend) tool call itself. Returns the tool message id. */
  async toolResult(toolCallId: string, content: string, messageId: string = randomUUID()): Promise<string> {
    await this.emit({ type: EventType.TOOL_CALL_RESULT, messageId, toolCallId, content, role: 'tool' });
    return messageId;
  }

  /**
   * `RUN_FINISHED` (no result: a run that asked for frontend tools simply ends), then ends the response. `interrupts`
   * makes its outcome an interrupt; `cancelled` a cancelled run.
   */
  async finish(extra: { result?: unknown; interrupts?: Interrupt[]; cancelled?: boolean } = {}): Promise<void> {
    await this.emit({
      type: EventType.RUN_FINISHED,
      threadId: this.threadId,
      runId: this.runId,
      ...(extra.result !== undefined ? { result: extra.result } : {}),
      ...(extra.interrupts ? { outcome: { type: 'interrupt', interrupts: extra.interrupts } } : {}),
      ...(extra.cancelled ? { outcome: { type: 'cancelled' } } : {}),
    });
    this.stream.end();
  }

  /** `RUN_ERROR {message, code}`, then ends the response. */
  async error(message: string, code?: string): Promise<void> {
    await this.emit({ type: EventType.RUN_ERROR, message, ...(code !== undefined ? { code } : {}) });
    this.stream.end();
  }
}

/**
 * Cuts `text` into `count` consecutive pieces of (nearly) equal length; fewer when the text is shorter than
 * `count`, none when it is empty. Joining the pieces gives `text` back.
 */
export function splitEvenly(text: string, count: number): string[] {
  if (text.length === 0) return [];
  const pieces = Math.max(1, Math.min(Math.floor(count) || 1, text.length));
  const size = Math.ceil(text.length / pieces);
  const result: string[] = [];
  for (let i = 0; i < text.length; i += size) result.push(text.slice(i, i + size));
  return result;
}

/**
 * Cuts `text` into pieces of at most `maxLength` characters, each ending at a word boundary where possible (a word
 * with its trailing whitespace; longer words are cut). Joining the pieces gives `text` back.
 */
export function splitWords(text: string, maxLength: number): string[] {
  const limit = Math.max(1, Math.floor(maxLength));
  const result: string[] = [];
  for (const word of text.match(/\s*\S+\s*|\s+/g) ?? []) {
    for (let i = 0; i < word.length; i += limit) result.push(word.slice(i, i + limit));
  }
  return result;
}
