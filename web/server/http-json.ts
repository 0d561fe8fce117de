import type { IncomingMessage, ServerResponse } from 'node:http';

/** The JSON body of every error response of the AG-UI servers: `{ "error": { "code", "message", "issues"? } }`. */
export interface JsonErrorBody {
  error: {
    /** Stable machine-readable code, e.g. `invalid_json`, `invalid_input`, `method_not_allowed`. */
    code: string;
    /** For a person to read. */
    message: string;
    /** Schema violations, for `invalid_input`: the path into the body and zod's message. */
    issues?: { path: (string | number)[]; message: string }[];
  };
}

/** Thrown by {@link readBody} when the body exceeds its limit. */
export class BodyTooLargeError extends Error {
  readonly code = 'body_too_large';
  constructor(readonly limitBytes: number) {
    super(`Request body exceeds ${limitBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads a request body as UTF-8 text.
 *
 * @param limitBytes - maximum body size in bytes; a larger body rejects with {@link BodyTooLargeError}.
 * @throws BodyTooLargeError, or the stream's error if the connection fails mid-body.
 */
export function readBody(req: IncomingMessage, limitBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limitBytes) {
        failed = true;
        reject(new BodyTooLargeError(limitBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      if (failed) return;
      failed = true;
      reject(error);
    });
  });
}

/**
 * Sends `body` as a JSON response with `status` and ends it. Does nothing if the response has already started
 * (headers sent) or closed.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** Sends a {@link JsonErrorBody} with `status`. */
export function sendJsonError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: { issues?: JsonErrorBody['error']['issues']; headers?: Record<string, string> } = {},
): void {
  const body: JsonErrorBody = { error: { code, message, ...(extra.issues ? { issues: extra.issues } : {}) } };
  sendJson(res, status, body, extra.headers);
}
