import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson, sendJsonError } from '../http-json.js';
import type { TestMcpServerOptions } from './test-mcp-server-http.js';
import { TestMcpServer, type TestListingMode, type TestToolSpec } from './test-mcp-server.js';

/** A Node-style middleware; it calls `next()` for every request outside its routes. */
export interface McpControlMiddleware {
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
  /** Stops every test server it started. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;

/**
 * Creates the middleware through which browser tests start and steer real MCP servers (`TestMcpServer`, each on its
 * own free port of 127.0.0.1, so that stopping one really refuses connections).
 *
 * | Route                                        | Method   | Answer                                                  |
 * | -------------------------------------------- | -------- | ------------------------------------------------------- |
 * | `/mcp-control/servers`                       | `POST`   | starts a server (body: `TestMcpServerOptions`, optional): `{ id, url, token }` |
 * | `/mcp-control/servers/<id>`                  | `GET`    | `TestMcpServerState` (sessions, streams, calls, ...)    |
 * | `/mcp-control/servers/<id>`                  | `DELETE` | stops and forgets it                                    |
 * | `/mcp-control/servers/<id>/stop` / `/start`  | `POST`   | stops it (sessions lost) / listens again on its port    |
 * | `/mcp-control/servers/<id>/tools`            | `POST`   | adds or changes a tool (`TestToolSpec`)                 |
 * | `/mcp-control/servers/<id>/tools/<name>`     | `DELETE` | removes a tool                                          |
 * | `/mcp-control/servers/<id>/listing`          | `POST`   | `{ mode }`: how `tools/list` is answered (`TestListingMode`) |
 * | `/mcp-control/servers/<id>/list-changed`     | `POST`   | `{ count, confirm? }`: that many `list_changed`, answered once the client handled them (unless `confirm: false`) |
 */
export function createMcpControlMiddleware(basePath = '/mcp-control'): McpControlMiddleware {
  const servers = new Map<string, TestMcpServer>();

  const route = async (req: IncomingMessage, res: ServerResponse, path: string[]): Promise<void> => {
    const [collection, id, action, name] = path;
    if (collection !== 'servers') return sendJsonError(res, 404, 'not_found', 'Unknown route');
    if (id === undefined) {
      if (req.method !== 'POST') return sendJsonError(res, 405, 'method_not_allowed', 'POST only');
      const body = await readBody(req, MAX_BODY_BYTES);
      const server = new TestMcpServer(body.trim() === '' ? {} : (JSON.parse(body) as TestMcpServerOptions));
      await server.start();
      servers.set(server.id, server);
      return sendJson(res, 200, { id: server.id, url: server.url, token: server.token });
    }
    const server = servers.get(id);
    if (!server) return sendJsonError(res, 404, 'unknown_server', `No test MCP server ${id}`);
    if (action === undefined && req.method === 'GET') return sendJson(res, 200, server.state());
    if (action === undefined && req.method === 'DELETE') {
      servers.delete(id);
      await server.stop();
      return sendJson(res, 200, { deleted: id });
    }
    if (action === 'stop' && req.method === 'POST') {
      await server.stop();
      return sendJson(res, 200, server.state());
    }
    if (action === 'start' && req.method === 'POST') {
      await server.start();
      return sendJson(res, 200, server.state());
    }
    if (action === 'tools' && name === undefined && req.method === 'POST') {
      server.setTool(JSON.parse(await readBody(req, MAX_BODY_BYTES)) as TestToolSpec);
      return sendJson(res, 200, server.state());
    }
    if (action === 'listing' && req.method === 'POST') {
      server.setListing((JSON.parse(await readBody(req, MAX_BODY_BYTES)) as { mode: TestListingMode }).mode);
      return sendJson(res, 200, server.state());
    }
    if (action === 'list-changed' && req.method === 'POST') {
      const { count, confirm } = JSON.parse(await readBody(req, MAX_BODY_BYTES)) as { count: number; confirm?: boolean };
      await server.sendListChanged(count, confirm !== false);
      return sendJson(res, 200, server.state());
    }
    if (action === 'tools' && name !== undefined && req.method === 'DELETE') {
      return sendJson(res, 200, { removed: server.removeTool(name) });
    }
    return sendJsonError(res, 404, 'not_found', 'Unknown route');
  };

  const middleware = ((req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return next();
    const path = url.pathname.slice(basePath.length).split('/').filter(Boolean).map(decodeURIComponent);
    route(req, res, path).catch((error: unknown) => {
      if (!res.headersSent) sendJsonError(res, 500, 'internal_error', String(error));
      else res.end();
    });
  }) as McpControlMiddleware;
  middleware.close = async () => {
    const all = [...servers.values()];
    servers.clear();
    await Promise.allSettled(all.map((server) => server.stop()));
  };
  return middleware;
}
