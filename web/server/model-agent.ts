import { EventType, type BaseEvent } from '@ag-ui/core';
import { AnthropicAgent, OpenAIChatAgent, type LlmAgent, type LlmFetch } from '../src/llm/index.js';
import type { AgentHandler } from './agent-request.js';
import { AgentKind, type ModelConfig } from './model-config.js';

/** The system prompt of the demo's real model: what the page is, and that its tools run in the person's browser. */
export const DEMO_SYSTEM_PROMPT =
  'You are the assistant on the ag-ui-lit demo page. The page gives you tools that run in the person\'s browser ' +
  '(the time in a time zone, a calculator, the page background, a note, a colour picker): use them when they help, ' +
  'several at once when the request has several parts, and answer from their results. Keep answers short.';

/** Options of {@link createModelAgent} and {@link modelAgentHandler}. */
export interface ModelAgentOptions {
  /** Replaces the global `fetch` for the provider requests (tests replay recorded streams through it). */
  fetch?: LlmFetch;
  /** The system prompt. Default {@link DEMO_SYSTEM_PROMPT}. */
  system?: string;
}

/** A new `OpenAIChatAgent` or `AnthropicAgent` for `config` (one per run: `abortRun()` stops every run of an agent). */
export function createModelAgent(config: ModelConfig, options: ModelAgentOptions = {}): LlmAgent {
  const common = {
    model: config.model,
    system: options.system ?? DEMO_SYSTEM_PROMPT,
    ...(config.apiKey && { apiKey: config.apiKey }),
    ...(options.fetch && { fetch: options.fetch }),
  };
  if (config.kind === AgentKind.ANTHROPIC) return new AnthropicAgent({ ...common, ...(config.baseUrl && { baseUrl: config.baseUrl }) });
  return new OpenAIChatAgent({ ...common, baseUrl: config.baseUrl ?? '' });
}

/**
 * The agent behind `POST /api/agent` when a model is configured: runs the page's `RunAgentInput` (messages, tools,
 * context) through {@link createModelAgent} and streams its AG-UI events as they come (`request.delayMs` is ignored:
 * the model sets the pace). Every answer is a stream: provider failures are the agent's `RUN_ERROR` (its
 * `LlmErrorCode`s), a setup the agent rejects is `RUN_ERROR {code: 'invalid_config'}`. When the page disconnects
 * (Stop) the provider request is aborted. The key is cut out of every frame before it is written, whatever produced it.
 */
export function modelAgentHandler(config: ModelConfig, options: ModelAgentOptions = {}): AgentHandler {
  return async (request) => {
    const run = request.openRun();
    const { stream } = run;
    const write = (event: BaseEvent) => {
      const frame = stream.encode(event);
      stream.writeRaw(config.apiKey ? frame.split(config.apiKey).join('[redacted]') : frame);
    };

    let agent: LlmAgent;
    try {
      agent = createModelAgent(config, options);
    } catch (error) {
      await run.start();
      const code = (error as { code?: unknown }).code;
      write({ type: EventType.RUN_ERROR, message: (error as Error).message, code: typeof code === 'string' ? code : 'invalid_config' } as BaseEvent);
      return;
    }

    await new Promise<void>((resolve) => {
      const stop = () => {
        subscription.unsubscribe();
        agent.abortRun();
        resolve();
      };
      const done = () => {
        stream.signal.removeEventListener('abort', stop);
        resolve();
      };
      const subscription = agent.run(request.input).subscribe({
        next: write,
        // The agent reports failures as RUN_ERROR and never errors the observable; this is the last resort.
        error: (error: unknown) => {
          write({ type: EventType.RUN_ERROR, message: `The model agent failed: ${(error as Error)?.message ?? String(error)}`, code: 'unknown' } as BaseEvent);
          done();
        },
        complete: done,
      });
      if (stream.signal.aborted) stop();
      else stream.signal.addEventListener('abort', stop, { once: true });
    });
  };
}
