// The LLM replay server (web/server/llm-replay/) on a free local port, for the Node tests (tests/node/).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createLlmReplayMiddleware, type LlmReplayMiddlewareOptions } from '../../web/server/llm-replay/index.js';

/** A running replay server: its origin (`http://127.0.0.1:<port>`) and how to stop it (closing open connections). */
export interface ReplayServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Starts the replay middleware over tests/fixtures/llm/ on 127.0.0.1 and a free port; requests outside its prefix
 * get HTTP 418 (so a test can tell them from its 404s).
 */
export async function startReplayServer(options: Omit<LlmReplayMiddlewareOptions, 'fixturesDir'> = {}): Promise<ReplayServer> {
  const replay = createLlmReplayMiddleware({ fixturesDir: fileURLToPath(new URL('../fixtures/llm/', import.meta.url)), ...options });
  const server = createServer((req, res) => replay(req, res, () => ((res.statusCode = 418), res.end())));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
