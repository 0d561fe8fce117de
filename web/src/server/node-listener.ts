/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * Adapts a Web-standard handler (`createThreadStoreHandler()`'s) to Node's `http` module:
 * `createServer(toNodeListener(handler))`, or as Connect/Express middleware at any path (the request's full URL is
 * passed on, so set the handler's `basePath` to the mount path). Streams both ways: a change feed's body is written as
 * it comes, and is cancelled when the client goes away.
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const host = req.headers.host ?? 'localhost';
    const url = new URL(req.originalUrl ?? req.url ?? '/', `http://${host}`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(url, {
      method: req.method,
      headers,
      signal: controller.signal,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit);
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) {
      res.end();
      return;
    }
    const reader = response.body.getReader();
    controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}));
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        res.write(chunk.value);
        // SSE: hand each event to the socket now (compression middleware may hold it otherwise).
        (res as { flush?: () => void }).flush?.();
      }
    } catch {
      // the client went away, or the stream failed: end the response
    }
    res.end();
  };
}

declare module 'node:http' {
  interface IncomingMessage {
    /** Express and Connect keep the URL before their mount path was cut here. */
    originalUrl?: string;
  }
}
