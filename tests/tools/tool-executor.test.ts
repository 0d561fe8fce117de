import { expect } from '@open-wc/testing';
import { z } from 'zod';
import {
  DefaultToolExecutor,
  TransientToolError,
  ValidatingToolExecutor,
  type ToolDefinition,
  type ToolExecutionContext,
  type ToolExecutionResult,
} from '../../web/src/tools/index.js';
import { serializeToolResult } from '../../web/src/tools/tool-executor.js';

function context(signal: AbortSignal = new AbortController().signal): ToolExecutionContext {
  return { executionId: 'e1', toolCallId: 'call_1', toolName: 't', signal, attemptNumber: 1, maxAttempts: 1, idempotencyKey: 'call_1', reportProgress: () => undefined };
}

function tool<T>(schema: z.ZodType<T>, handler: ToolDefinition<T>['handler']): ToolDefinition<T> {
  return { name: 't', description: 'test tool', effect: 'read_only', schema, handler };
}

function errorOf(result: ToolExecutionResult) {
  expect(result.success, 'expected a failure').to.equal(false);
  return (result as Extract<ToolExecutionResult, { success: false }>).error;
}

describe('serializeToolResult', () => {
  it('passes a string through as is', () => {
    expect(serializeToolResult('{"already":"json"}')).to.deep.equal({ success: true, result: '{"already":"json"}' });
  });

  it('turns undefined into an empty string', () => {
    expect(serializeToolResult(undefined)).to.deep.equal({ success: true, result: '' });
  });

  it('JSON-stringifies everything else', () => {
    expect(serializeToolResult({ a: [1, 'x'] })).to.deep.equal({ success: true, result: '{"a":[1,"x"]}' });
    expect(serializeToolResult(42)).to.deep.equal({ success: true, result: '42' });
    expect(serializeToolResult(null)).to.deep.equal({ success: true, result: 'null' });
    expect(serializeToolResult(false)).to.deep.equal({ success: true, result: 'false' });
  });

  it('fails a cyclic value with an execution error coded not_serializable', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const error = errorOf(serializeToolResult(cyclic));
    expect(error).to.include({ category: 'execution', code: 'not_serializable', retryable: false });
  });

  it('fails a BigInt with not_serializable', () => {
    expect(errorOf(serializeToolResult({ n: 10n })).code).to.equal('not_serializable');
  });

  it('fails a function or a symbol (JSON.stringify gives undefined) with not_serializable', () => {
    expect(errorOf(serializeToolResult(() => 1)).code).to.equal('not_serializable');
    expect(errorOf(serializeToolResult(Symbol('s'))).code).to.equal('not_serializable');
  });
});

describe('DefaultToolExecutor', () => {
  const executor = new DefaultToolExecutor();

  it('runs the handler with the arguments as given and the context', async () => {
    let received: unknown;
    let receivedContext: ToolExecutionContext | undefined;
    const ctx = context();
    const result = await executor.execute(
      tool(z.object({ a: z.number() }), (args, c) => {
        received = args;
        receivedContext = c;
        return 'done';
      }),
      { a: 'not validated' },
      ctx,
    );
    expect(result).to.deep.equal({ success: true, result: 'done' });
    expect(received).to.deep.equal({ a: 'not validated' });
    expect(receivedContext).to.equal(ctx);
  });

  it('awaits an async handler and serializes its value', async () => {
    const result = await executor.execute(tool(z.any(), async () => ({ ok: true })), {}, context());
    expect(result).to.deep.equal({ success: true, result: '{"ok":true}' });
  });

  it('turns a thrown error into categorizeError(error, "execution")', async () => {
    const error = errorOf(
      await executor.execute(
        tool(z.any(), () => {
          throw new Error('boom');
        }),
        {},
        context(),
      ),
    );
    expect(error).to.include({ category: 'execution', message: 'boom' });
  });

  it('keeps the category a handler chooses by throwing a ToolHandlerError', async () => {
    const error = errorOf(
      await executor.execute(
        tool(z.any(), async () => {
          throw new TransientToolError('busy', { retryAfter: 100 });
        }),
        {},
        context(),
      ),
    );
    expect(error).to.include({ category: 'transient', retryAfter: 100, retryable: true });
  });

  it('does not run the handler when the signal is already aborted, reporting cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    let ran = false;
    const error = errorOf(await executor.execute(tool(z.any(), () => (ran = true)), {}, context(controller.signal)));
    expect(ran).to.equal(false);
    expect(error.category).to.equal('cancelled');
  });

  it('reports timeout when the signal was aborted with a TimeoutError reason', async () => {
    const controller = new AbortController();
    const pending = executor.execute(
      tool(z.any(), (_args, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))),
      {},
      context(controller.signal),
    );
    controller.abort(new DOMException('too slow', 'TimeoutError'));
    expect(errorOf(await pending).category).to.equal('timeout');
  });

  it('reports the abort, not the value, when the handler resolves after its signal was aborted', async () => {
    const controller = new AbortController();
    let release!: () => void;
    const pending = executor.execute(
      tool(z.any(), () => new Promise((resolve) => (release = () => resolve('late')))),
      {},
      context(controller.signal),
    );
    controller.abort();
    release();
    expect(errorOf(await pending).category).to.equal('cancelled');
  });

  it('never rejects for an unserializable result', async () => {
    const error = errorOf(await executor.execute(tool(z.any(), () => ({ n: 1n })), {}, context()));
    expect(error.code).to.equal('not_serializable');
  });
});

describe('ValidatingToolExecutor', () => {
  const executor = new ValidatingToolExecutor();

  it('passes the parsed arguments (defaults applied, values coerced) to the handler', async () => {
    let received: unknown;
    const schema = z.object({ city: z.string(), unit: z.enum(['C', 'F']).default('C'), days: z.coerce.number() });
    const result = await executor.execute(
      tool(schema, (args) => {
        received = args;
        return `${args.city}:${args.unit}:${args.days + 1}`;
      }),
      { city: 'Paris', days: '2' },
      context(),
    );
    expect(received).to.deep.equal({ city: 'Paris', unit: 'C', days: 2 });
    expect(result).to.deep.equal({ success: true, result: 'Paris:C:3' });
  });

  it('fails invalid arguments with category validation, one entry per Zod issue with its path, without running the handler', async () => {
    let ran = false;
    const schema = z.object({
      items: z.array(z.object({ id: z.string(), qty: z.number().int().positive() })),
      note: z.string(),
    });
    const error = errorOf(
      await executor.execute(
        tool(schema, () => (ran = true)),
        { items: [{ id: 'a', qty: 1 }, { id: 7, qty: -1 }], note: 3 },
        context(),
      ),
    );
    expect(ran).to.equal(false);
    expect(error).to.include({ category: 'validation', code: 'invalid_arguments', retryable: false });
    expect(error.validationErrors!.map((issue) => issue.path)).to.deep.equal([
      ['items', '1', 'id'],
      ['items', '1', 'qty'],
      ['note'],
    ]);
    for (const issue of error.validationErrors!) expect(issue.message).to.be.a('string').and.not.equal('');
    expect(error.message).to.contain('items.1.id');
  });

  it('reports a root-level issue with an empty path', async () => {
    const error = errorOf(await executor.execute(tool(z.object({}), () => 'x'), 'not an object', context()));
    expect(error.validationErrors).to.have.length(1);
    expect(error.validationErrors![0]!.path).to.deep.equal([]);
  });

  it('validates schemas with async refinements via safeParseAsync', async () => {
    const schema = z.object({ name: z.string().refine(async (name) => name !== 'taken', 'Name is taken') });
    const ok = await executor.execute(tool(schema, ({ name }) => `hello ${name}`), { name: 'free' }, context());
    expect(ok).to.deep.equal({ success: true, result: 'hello free' });
    const error = errorOf(await executor.execute(tool(schema, () => 'x'), { name: 'taken' }, context()));
    expect(error.validationErrors).to.deep.equal([{ path: ['name'], message: 'Name is taken' }]);
  });
});
