import { randomUUID } from 'node:crypto';
import { EventType, PROTOCOL_VERSION, type BaseEvent } from '@ag-ui/core';
import { splitEvenly, type RunWriter } from './run-writer.js';

/** Shape of the stream-ingest benchmark's run (issue "Benchmarks", figure 1). */
export interface StreamBenchOptions {
  /** `TEXT_MESSAGE_CONTENT` deltas in the text message. */
  deltas: number;
  /** Characters per delta. Default 4. */
  deltaLength?: number;
  /** Backend tool calls after the text, each answered by a `TOOL_CALL_RESULT`. Default 10. */
  toolCalls?: number;
  /** `TOOL_CALL_ARGS` fragments per call. Default 8. Ignored when `argsDelta` is set. */
  argsFragments?: number;
  /**
   * Length of each call's arguments, in characters: a JSON object of rows (`{"rows":[{"id":1,...},...]}`) at least
   * this long. Default 0: a small search query (~110 characters).
   */
  argsBytes?: number;
  /** Characters per `TOOL_CALL_ARGS` delta (e.g. 1: one delta per character). Default 0: `argsFragments` deltas. */
  argsDelta?: number;
  /** Encoded bytes gathered before each socket write (approximately: UTF-16 code units). Default 65536. */
  batchBytes?: number;
  /**
   * Text deltas per second, as a model streams them (e.g. 60): each event is written on its own, the n-th delta at
   * n / `rate` s after the first (times from the start, so a late write does not shift the rest). Default 0: as fast
   * as the socket takes them, in batches of `batchBytes`.
   */
  rate?: number;
}

/** The text the benchmark streams, repeated: markdown that exercises the renderer (emphasis, code, links, paragraphs). */
export const BENCH_PARAGRAPH =
  'The quick brown fox jumps over the lazy dog while **streaming** markdown with `inline code`, ' +
  'a [link](https://example.com/docs) and some _emphasis_ keeps the renderer honest.\n\n';

/** The name of the benchmark's backend tool (no page registers it). */
export const BENCH_TOOL_NAME = 'bench_search';

/**
 * Tool arguments of exactly `length` characters (at least 11): `{"rows":[...]}` with rows of ~80 characters, nested
 * enough that pretty-printing them costs what a real payload's would, padded with spaces before the closing brace.
 */
export function benchArgs(length: number): string {
  const rows: string[] = [];
  let size = '{"rows":[]}'.length;
  for (let id = 1; ; id++) {
    const row = JSON.stringify({ id, title: `Row ${id}`, score: id % 97, tags: ['alpha', 'beta'], ok: id % 2 === 0 });
    const added = row.length + (rows.length > 0 ? 1 : 0);
    if (size + added > length) break;
    rows.push(row);
    size += added;
  }
  return `{"rows":[${rows.join(',')}]${' '.repeat(Math.max(0, length - size))}}`;
}

/** `text` cut into consecutive slices of `size` characters (the last may be shorter). */
function chunks(text: string, size: number): string[] {
  const slices: string[] = [];
  for (let i = 0; i < text.length; i += size) slices.push(text.slice(i, i + size));
  return slices;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Writes the stream-ingest benchmark run as fast as the socket takes it (or paced at `rate` deltas per second): `RUN_STARTED`; one assistant text message
 * of `deltas` deltas of `deltaLength` characters (consecutive slices of {@link BENCH_PARAGRAPH} repeated, so the
 * full text is `deltas * deltaLength` characters); `toolCalls` backend calls of {@link BENCH_TOOL_NAME} with
 * `argsFragments` argument fragments each (or deltas of `argsDelta` characters; arguments of `argsBytes` characters
 * from {@link benchArgs} when set), each followed by its `TOOL_CALL_RESULT`; `RUN_FINISHED`.
 *
 * Events are encoded one by one with `EventEncoder` and written in batches of about `batchBytes` (one by one when
 * paced), waiting for `drain` when the socket is full. The run writer's delay is not used. Stops early if the client disconnects.
 */
export async function writeStreamBench(run: RunWriter, options: StreamBenchOptions): Promise<void> {
  const { stream } = run;
  const deltaLength = Math.max(1, options.deltaLength ?? 4);
  const toolCalls = Math.max(0, options.toolCalls ?? 10);
  const argsFragments = Math.max(1, options.argsFragments ?? 8);
  const argsBytes = Math.max(0, options.argsBytes ?? 0);
  const argsDelta = Math.max(0, options.argsDelta ?? 0);
  const rate = Math.max(0, options.rate ?? 0);
  // Paced: every event goes out on its own, as a model's would.
  const batchBytes = rate > 0 ? 1 : Math.max(1, options.batchBytes ?? 65536);

  let batch: string[] = [];
  let batchSize = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const text = batch.join('');
    batch = [];
    batchSize = 0;
    if (!stream.writeRaw(text)) await stream.drain();
  };
  const push = async (event: BaseEvent) => {
    const encoded = stream.encode(event);
    batch.push(encoded);
    batchSize += encoded.length;
    if (batchSize >= batchBytes) await flush();
  };

  await push({ type: EventType.RUN_STARTED, threadId: run.threadId, runId: run.runId, protocolVersion: PROTOCOL_VERSION });
  const messageId = randomUUID();
  await push({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
  const cycle = BENCH_PARAGRAPH.repeat(Math.ceil(deltaLength / BENCH_PARAGRAPH.length) + 1);
  const paceStart = performance.now();
  for (let i = 0; i < options.deltas; i++) {
    if (stream.closed) return;
    if (rate > 0) {
      const wait = paceStart + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
    }
    const start = (i * deltaLength) % BENCH_PARAGRAPH.length;
    await push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: cycle.slice(start, start + deltaLength) });
  }
  await push({ type: EventType.TEXT_MESSAGE_END, messageId });

  for (let k = 1; k <= toolCalls; k++) {
    if (stream.closed) return;
    const toolCallId = randomUUID();
    const args = argsBytes > 0 ? benchArgs(argsBytes) : JSON.stringify({
      query: `benchmark query number ${k}`,
      page: k,
      filters: { language: 'en', safe: true, tags: ['alpha', 'beta', 'gamma'] },
    });
    await push({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: BENCH_TOOL_NAME, parentMessageId: messageId });
    const deltas = argsDelta > 0 ? chunks(args, argsDelta) : splitEvenly(args, argsFragments);
    for (const delta of deltas) {
      if (stream.closed) return;
      await push({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta });
    }
    await push({ type: EventType.TOOL_CALL_END, toolCallId });
    const content = JSON.stringify({
      ok: true,
      results: [1, 2, 3].map((n) => ({ title: `Result ${k}.${n}`, url: `https://example.com/${k}/${n}` })),
    });
    await push({ type: EventType.TOOL_CALL_RESULT, messageId: randomUUID(), toolCallId, content, role: 'tool' });
  }

  await push({ type: EventType.RUN_FINISHED, threadId: run.threadId, runId: run.runId });
  await flush();
  stream.end();
}
