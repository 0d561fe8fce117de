// The LLM replay server's own contract (web/server/llm-replay/): bad scripts are refused with a stable code, unknown
// sessions and endpoints answer 404, a request past the script gets 599, and the report says how each response ended.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LlmReplay } from '../helpers/llm-replay-client.js';
import { startReplayServer, type ReplayServer } from '../helpers/llm-replay-server.js';

let server: ReplayServer;
let origin: string;

before(async () => {
  server = await startReplayServer({ maxWaitMs: 200 });
  origin = server.origin;
});

after(() => server.close());

async function post(path: string, body: string): Promise<{ status: number; body: { error?: { code?: string } } }> {
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, body: (await response.json()) as { error?: { code?: string } } };
}

describe('LLM replay middleware', () => {
  it('refuses a script that is not JSON, not { steps }, or names a fixture that does not exist, with a stable code', async () => {
    assert.deepEqual([(await post('/llm-replay/sessions', '{')).status, (await post('/llm-replay/sessions', '{')).body.error?.code], [400, 'invalid_json']);
    const invalid = await post('/llm-replay/sessions', JSON.stringify({ steps: [{ status: 99 }] }));
    assert.deepEqual([invalid.status, invalid.body.error?.code], [400, 'invalid_input']);
    const traversal = await post('/llm-replay/sessions', JSON.stringify({ steps: [{ fixture: '../package.json' }] }));
    assert.deepEqual([traversal.status, traversal.body.error?.code], [400, 'invalid_input']);
    const missing = await post('/llm-replay/sessions', JSON.stringify({ steps: [{ fixture: 'openai/none.sse' }] }));
    assert.deepEqual([missing.status, missing.body.error?.code], [400, 'unknown_fixture']);
  });

  it('answers 404 for an unknown session or provider endpoint, and leaves other paths to next()', async () => {
    assert.equal((await post('/llm-replay/nope/v1/chat/completions', '{}')).status, 404);
    const replay = await LlmReplay.create(origin, []);
    assert.equal((await post(`/llm-replay/${replay.sessionId}/v1/embeddings`, '{}')).status, 404);
    assert.equal((await fetch(`${origin}/elsewhere`)).status, 418);
    assert.deepEqual(await replay.requests(), []);
  });

  it('answers a request past the script with 599 and records it, with its body and outcome', async () => {
    const replay = await LlmReplay.create(origin, []);
    const response = await fetch(`${replay.baseUrl}/messages`, { method: 'POST', body: JSON.stringify({ model: 'm' }) });
    assert.equal(response.status, 599);
    await response.text();
    const request = await replay.ended(0);
    assert.deepEqual([request.path, request.body, request.outcome], ['/v1/messages', { model: 'm' }, 'completed']);
  });

  it('says so when a wait for requests is not met within maxWaitMs', async () => {
    const replay = await LlmReplay.create(origin, []);
    await assert.rejects(replay.received(1), /waited in vain for 1 requests/);
  });
});
