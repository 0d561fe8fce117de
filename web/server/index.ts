import type { IncomingMessage, ServerResponse } from 'node:http';

/** Placeholder until the demo agent lands: passes every request on. */
export function createAgUiMiddleware() {
  return (_req: IncomingMessage, _res: ServerResponse, next: () => void) => next();
}
