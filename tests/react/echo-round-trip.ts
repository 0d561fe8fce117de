// The tool round trip both React versions' wrapper tests check: `echo` registered as a property (never an attribute),
// run by the scripted agent, and reported once through `onToolCallEnd`.
import { expect } from '@open-wc/testing';
import type { SinonSpy } from 'sinon';
import type { ToolCallEndDetail } from '../../web/src/agent/types.js';
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';

/** Sends a message to `el` (given `echo` and a `tool` scenario with `args`) and checks the one `onToolCallEnd` call. */
export async function expectEchoRoundTrip(
  el: AgUiAgent,
  onToolCallEnd: SinonSpy<[CustomEvent<ToolCallEndDetail>], void>,
  args: Record<string, unknown>,
): Promise<void> {
  expect(el.hasAttribute('tools'), 'tools is not an attribute').to.equal(false);
  expect(el.registry.has('echo'), 'echo registered in the element registry').to.equal(true);

  await el.sendMessage('echo please');

  expect(onToolCallEnd.calledOnce, 'onToolCallEnd called once').to.equal(true);
  const event = onToolCallEnd.firstCall.args[0]!;
  expect(event.type).to.equal('ag-ui-tool-call-end');
  expect(event.detail.toolCallName).to.equal('echo');
  expect(event.detail.toolCallArgs).to.deep.equal(args);
  expect(JSON.parse(event.detail.result)).to.deep.equal(args);
}
