// `ag-ui-lit/llm` is its own entry: the no-build-step bundle of the main entry (built by the test runner's startup
// from web/src/index.ts) carries none of the provider agents or the AI SDK packages behind them.
import { expect } from '@open-wc/testing';

describe('ag-ui-lit/llm', () => {
  it('is not part of the main bundle', async () => {
    const response = await fetch('/dist/bundle/ag-ui-lit.js');
    expect(response.ok).to.equal(true);
    const bundle = await response.text();
    expect(bundle).to.contain('ag-ui-agent');
    for (const marker of ['OpenAIChatAgent', 'AnthropicAgent', 'anthropic-version', '/chat/completions', 'ai-sdk/']) {
      expect(bundle, marker).not.to.contain(marker);
    }
  });
});
