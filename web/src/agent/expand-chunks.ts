import { EventType, transformChunks, type BaseEvent } from '@ag-ui/client';
import { Observable, Subject, type OperatorFunction } from 'rxjs';

/** The event types `transformChunks` expands into START/CONTENT/END events. */
const CHUNK_TYPES: ReadonlySet<string> = new Set([
  EventType.TEXT_MESSAGE_CHUNK,
  EventType.TOOL_CALL_CHUNK,
  EventType.REASONING_MESSAGE_CHUNK,
]);

/**
 * `@ag-ui/client`'s `transformChunks`, started only when the stream carries its first `*_CHUNK` event.
 *
 * `transformChunks` assembles chunk events into START/CONTENT/END events per lane (subagent). Until a chunk event
 * has opened a lane it is the identity: every other event is emitted as it is (closing a lane that does not exist
 * yields nothing, and its `finalize` only clears lanes). It still costs an rxjs `mergeMap` subscription per event,
 * which is a large share of ingesting a 100,000-delta reply. So events are passed straight through until the
 * first chunk event; from that one on (the chunk included), every event goes through a fresh `transformChunks`,
 * whose state is exactly what the identity prefix would have left it in. Errors and completion follow the same
 * path as the events before them, so their order is kept.
 *
 * @param debugLogger - passed to `transformChunks` (`false`: no logging)
 */
export function expandChunks(
  debugLogger: Parameters<typeof transformChunks>[0] = false,
): OperatorFunction<BaseEvent, BaseEvent> {
  return (source) =>
    new Observable<BaseEvent>((subscriber) => {
      let chunks: Subject<BaseEvent> | undefined;
      const subscription = source.subscribe({
        next: (event) => {
          if (chunks === undefined) {
            if (!CHUNK_TYPES.has(event.type)) {
              subscriber.next(event);
              return;
            }
            chunks = new Subject<BaseEvent>();
            subscriber.add(
              chunks.pipe(transformChunks(debugLogger)).subscribe({
                next: (expanded) => subscriber.next(expanded),
                error: (error: unknown) => subscriber.error(error),
                complete: () => subscriber.complete(),
              }),
            );
          }
          chunks.next(event);
        },
        error: (error: unknown) => (chunks ? chunks.error(error) : subscriber.error(error)),
        complete: () => (chunks ? chunks.complete() : subscriber.complete()),
      });
      return () => subscription.unsubscribe();
    });
}
