import type { AssistantMessage, ToolMessage } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { z } from 'zod';
import type { ToolCallArgsDetail, ToolCallEndDetail } from '../../web/src/agent/types.js';
import { recordedRequests, recordEvents, scenarioUrl, useLoopHarness } from '../helpers/agent-fixtures.js';

const SECRETS = ['s3cret-token', 'alpha-secret', 'ada@example.com'];

describe('AgentRunLoop redaction', () => {
  const harness = useLoopHarness({ settleMs: 20 });
  const { loopFor } = harness;

  it('redacts arguments and result in every tool event and view, while the agent gets the full result', async () => {
    harness.registry.register({
      name: 'lookup',
      description: 'Looks up orders',
      effect: 'read_only',
      schema: z.object({ query: z.string(), token: z.string() }),
      redaction: { args: ['query'], result: ['items[].id'] },
      handler: () => ({ items: [{ id: 1, secret: 'alpha-secret' }, { id: 2, secret: 'beta' }], owner: 'ada@example.com' }),
    });
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'lookup', args: '{"query":"books","token":"s3cret-token"}', fragments: '4' }));
    const events = recordEvents(loop);
    await loop.sendMessage('Find my orders');

    const toolEvents = events.filter(([type]) => type.startsWith('tool-'));
    expect(toolEvents.length).to.be.greaterThan(5);
    // Nothing secret anywhere in a tool event detail (the lazy partialArgs getters included: JSON.stringify reads them).
    const published = JSON.stringify(toolEvents.map(([, detail]) => detail));
    for (const secret of SECRETS) expect(published, secret).to.not.include(secret);

    const args = toolEvents.filter(([type]) => type === 'tool-call-args').map(([, detail]) => detail as ToolCallArgsDetail);
    expect(args.map((detail) => detail.delta)).to.deep.equal(['[redacted]', '[redacted]', '[redacted]', '[redacted]']);
    expect(args.at(-1)!.partialArgs).to.deep.equal({ query: 'books', token: '[redacted]' });
    const end = toolEvents.find(([type]) => type === 'tool-call-end')![1] as ToolCallEndDetail;
    expect(end.toolCallArgs).to.deep.equal({ query: 'books', token: '[redacted]' });
    const shownResult = '{"items":[{"id":1,"secret":"[redacted]"},{"id":2,"secret":"[redacted]"}],"owner":"[redacted]"}';
    expect(end.result).to.equal(shownResult);
    // What the handler returned, redacted as the result is.
    expect(end.value).to.deep.equal({ items: [{ id: 1, secret: '[redacted]' }, { id: 2, secret: '[redacted]' }], owner: '[redacted]' });
    expect(end.execution).to.deep.include({ result: shownResult, args: { query: 'books', token: '[redacted]' } });
    const view = loop.toolCalls.get(end.toolCallId)!;
    expect(view).to.deep.include({ argsText: '{"query":"books","token":"[redacted]"}', result: shownResult });
    expect(view.answer!.content).to.not.equal(shownResult); // the agent's copy is the real one

    // The agent got the real arguments and the real result.
    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2);
    const sent = requests[1]!.input.messages;
    expect((sent[1] as AssistantMessage).toolCalls![0]!.function.arguments).to.equal('{"query":"books","token":"s3cret-token"}');
    expect(JSON.parse((sent[2] as ToolMessage).content as string)).to.deep.equal({
      items: [{ id: 1, secret: 'alpha-secret' }, { id: 2, secret: 'beta' }],
      owner: 'ada@example.com',
    });
  });

  it('redacts the approval request and a validation error of a redacted tool', async () => {
    harness.registry.register({
      name: 'transfer',
      description: 'Moves money',
      effect: 'external_side_effect',
      schema: z.object({ to: z.string(), amount: z.number() }),
      redaction: { args: ['amount'] },
      handler: () => 'done',
    });
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'transfer', args: '{"to":"ada@example.com","amount":"lots"}' }));
    const events = recordEvents(loop);
    let asked: unknown;
    loop.addEventListener('tool-approval-requested', (event) => {
      asked = event.detail.args;
      event.detail.approve();
    });
    await loop.sendMessage('Pay Ada');
    expect(asked).to.deep.equal({ to: '[redacted]', amount: 'lots' });
    const error = events.find(([type]) => type === 'tool-call-error')![1] as { error: { category: string; validationErrors: unknown[] } };
    expect(error.error.category).to.equal('validation');
    expect(error.error.validationErrors).to.deep.equal([{ path: ['amount'], message: 'Invalid input: expected number, received string' }]);
    expect(JSON.stringify(events.filter(([type]) => type.startsWith('tool-')).map(([, detail]) => detail))).to.not.include('ada@example.com');
  });

  it("redacts the message of a redacted tool's handler error in its record and events; the agent gets it whole", async () => {
    harness.registry.register({
      name: 'charge',
      description: 'Charges a card',
      effect: 'read_only',
      schema: z.object({ card: z.string() }),
      redaction: { args: [], result: ['status'] },
      handler: ({ card }) => {
        throw new Error(`card ${card} declined`);
      },
    });
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'charge', args: '{"card":"4111-1111"}' }));
    const events = recordEvents(loop);
    await loop.sendMessage('Pay');
    const published = JSON.stringify(events.filter(([type]) => type.startsWith('tool-')).map(([, detail]) => detail));
    expect(published).to.not.include('4111');
    const record = [...loop.toolCalls.values()][0]!;
    expect(record.status).to.equal('failed');
    expect(record.error).to.deep.include({ category: 'execution', message: '[redacted]' });
    // What the page sees of it; `answer`, like the conversation, is what the agent was sent.
    const { answer: sent, ...shown } = record;
    expect(JSON.stringify(shown)).to.not.include('4111-1111');
    expect(sent!.content).to.include('4111-1111');
    // The agent gets the handler's message.
    const requests = await recordedRequests(loop.threadId);
    const answer = (requests[1]!.input.messages as ToolMessage[]).find((message) => message.role === 'tool')!;
    expect(String(answer.content)).to.include('card 4111-1111 declined');
  });

  it('under requireRedaction, redacts a backend call it knows nothing about', async () => {
    harness.registry.setPolicy({ requireRedaction: true });
    const { loop } = loopFor(scenarioUrl('backend-tool', { args: '{"query":"ada@example.com"}', result: '{"found":"alpha-secret"}' }));
    const events = recordEvents(loop);
    await loop.sendMessage('Search');
    const published = JSON.stringify(events.filter(([type]) => type.startsWith('tool-')).map(([, detail]) => detail));
    for (const secret of ['ada@example.com', 'alpha-secret']) expect(published).to.not.include(secret);
    const view = [...loop.toolCalls.values()][0]!;
    expect(view).to.deep.include({ kind: 'backend', argsText: '{"query":"[redacted]"}', result: '{"found":"[redacted]"}' });
  });
});
