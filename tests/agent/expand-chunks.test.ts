import { EventType, transformChunks, type BaseEvent, type TextMessageStartEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { Subject, from, lastValueFrom, toArray, type Observable } from 'rxjs';
import { expandChunks } from '../../web/src/agent/expand-chunks.js';

const events = (list: Array<Record<string, unknown>>): BaseEvent[] => list as unknown as BaseEvent[];

function collect(source: Observable<BaseEvent>): Promise<BaseEvent[]> {
  return lastValueFrom(source.pipe(toArray()));
}

const PLAIN = events([
  { type: EventType.RUN_STARTED, threadId: 't', runId: 'r' },
  { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Hi' },
  { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' },
  { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'echo', parentMessageId: 'm1' },
  { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{}' },
  { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
]);

const CHUNKED = events([
  { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm2', role: 'assistant', delta: 'Hel' },
  { type: EventType.TEXT_MESSAGE_CHUNK, delta: 'lo' },
  { type: EventType.TOOL_CALL_CHUNK, toolCallId: 'c2', toolCallName: 'echo', parentMessageId: 'm2', delta: '{"a"' },
  { type: EventType.TOOL_CALL_CHUNK, delta: ':1}' },
  { type: EventType.REASONING_MESSAGE_CHUNK, messageId: 'r1', delta: 'hmm' },
  { type: EventType.RUN_FINISHED, threadId: 't', runId: 'r' },
]);

describe('expandChunks', () => {
  it('passes a stream without chunk events through untouched, as transformChunks does', async () => {
    const stream = [...PLAIN, { type: EventType.RUN_FINISHED, threadId: 't', runId: 'r' } as BaseEvent];
    const expanded = await collect(from(stream).pipe(expandChunks()));
    expect(expanded).to.deep.equal(await collect(from(stream).pipe(transformChunks(false))));
    expanded.forEach((event, i) => expect(event).to.equal(stream[i]));
  });

  it('expands chunk events exactly as transformChunks does, also after plain events', async () => {
    for (const stream of [CHUNKED, [...PLAIN, ...CHUNKED]]) {
      const expected = await collect(from(stream).pipe(transformChunks(false)));
      const starts = expected.filter((event): event is TextMessageStartEvent => event.type === EventType.TEXT_MESSAGE_START);
      expect(starts.map((event) => event.messageId)).to.include('m2');
      expect(await collect(from(stream).pipe(expandChunks()))).to.deep.equal(expected);
    }
  });

  it('passes errors on in order, before and after the first chunk event', async () => {
    for (const prefix of [PLAIN, [...PLAIN, CHUNKED[0]!]]) {
      const source = new Subject<BaseEvent>();
      const seen: BaseEvent[] = [];
      let error: unknown;
      source.pipe(expandChunks()).subscribe({ next: (event) => seen.push(event), error: (e: unknown) => (error = e) });
      for (const event of prefix) source.next(event);
      source.error(new Error('connection lost'));
      expect((error as Error).message).to.equal('connection lost');
      expect(seen.length).to.be.at.least(prefix.length);
    }
  });

  it('stops reading the source when unsubscribed', () => {
    const source = new Subject<BaseEvent>();
    const subscription = source.pipe(expandChunks()).subscribe();
    source.next(CHUNKED[0]!);
    expect(source.observed).to.equal(true);
    subscription.unsubscribe();
    expect(source.observed).to.equal(false);
  });
});
