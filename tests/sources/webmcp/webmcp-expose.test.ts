import { cleanupWebMCPPolyfill, initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { expect } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { z } from 'zod';
import { exposeToWebMcp, WebMcpUnavailableError, type WebMcpExposure } from '../../../web/src/sources/webmcp/index.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { settle, trackUnhandledRejections } from '../../helpers/agent-fixtures.js';
import { callThroughWebMcp, listWebMcpTools, webMcpToolNames as exposedNames } from '../../helpers/webmcp.js';


describe('exposeToWebMcp', () => {
  let registry: ToolRegistry;
  let exposure: WebMcpExposure | undefined;
  let rejections: ReturnType<typeof trackUnhandledRejections>;
  let runs: unknown[];

  beforeEach(() => {
    rejections = trackUnhandledRejections();
    initializeWebMCPPolyfill();
    registry = new ToolRegistry();
    runs = [];
    registry.register({
      name: 'get_weather',
      description: 'Weather in a city',
      effect: 'read_only',
      schema: z.object({ city: z.string().min(1) }),
      handler: (args: { city: string }) => {
        runs.push(args);
        return { city: args.city, tempC: 21 };
      },
    });
  });
  afterEach(async () => {
    exposure?.withdraw();
    exposure = undefined;
    cleanupWebMCPPolyfill();
    await settle(20);
    rejections.dispose();
    expect(rejections.reasons.map(String)).to.deep.equal([]);
  });

  it('registers each tool with its description, JSON Schema and annotations from its effect', async () => {
    registry.register({
      name: 'send_email',
      description: 'Sends an email',
      effect: 'external_side_effect',
      metadata: { idempotent: true },
      schema: z.object({ to: z.string() }),
      handler: () => 'sent',
    });
    exposure = exposeToWebMcp(registry);
    await exposure.ready;

    const tools = await listWebMcpTools();
    expect(tools.map((tool) => tool.name)).to.deep.equal(['get_weather', 'send_email']);
    const weather = tools.find((tool) => tool.name === 'get_weather')!;
    expect(weather.description).to.equal('Weather in a city');
    expect(weather.inputSchema).to.deep.include({ type: 'object', required: ['city'] });
    expect(weather.annotations).to.deep.include({ readOnlyHint: true });
    expect(tools.find((tool) => tool.name === 'send_email')!.annotations).to.deep.include({ readOnlyHint: false });
    expect(exposure.toolNames).to.deep.equal(['get_weather', 'send_email']);
  });

  it('runs a call through validation and the manager, answering a CallToolResult', async () => {
    exposure = exposeToWebMcp(registry);
    await exposure.ready;

    const result = await callThroughWebMcp('get_weather', { city: 'Oslo' });
    expect(result.isError).to.not.equal(true);
    expect(JSON.parse(result.content[0]!.text)).to.deep.equal({ city: 'Oslo', tempC: 21 });
    expect(result.structuredContent).to.deep.equal({ city: 'Oslo', tempC: 21 });
    expect(runs).to.deep.equal([{ city: 'Oslo' }]);
    expect(registry.getStats('get_weather').successCount).to.equal(1);
  });

  it('answers schema-invalid arguments with an error result, without running the tool', async () => {
    exposure = exposeToWebMcp(registry);
    await exposure.ready;

    const result = await callThroughWebMcp('get_weather', { city: 42 });
    expect(result.isError).to.equal(true);
    expect(JSON.parse(result.content[0]!.text)).to.deep.include({ ok: false, errorCode: 'validation' });
    expect(runs).to.deep.equal([]);
  });

  it('refuses a call the policy wants approved when no one can approve it, and asks `approve` when given', async () => {
    registry.setPolicy({ tools: { get_weather: { decision: 'require_approval' } } });
    exposure = exposeToWebMcp(registry);
    await exposure.ready;
    const refused = await callThroughWebMcp('get_weather', { city: 'Oslo' });
    expect(refused.isError).to.equal(true);
    expect(JSON.parse(refused.content[0]!.text)).to.deep.include({ errorCode: 'approval_required' });
    exposure.withdraw();

    const asked: string[] = [];
    exposure = exposeToWebMcp(registry, { approve: ({ toolName }) => (asked.push(toolName), true) });
    await exposure.ready;
    const approved = await callThroughWebMcp('get_weather', { city: 'Rome' });
    expect(approved.isError).to.not.equal(true);
    expect(asked).to.deep.equal(['get_weather']);
    expect(runs).to.deep.equal([{ city: 'Rome' }]);
  });

  it('follows the registry: a new tool is exposed, an unregistered or denied one withdrawn', async () => {
    exposure = exposeToWebMcp(registry);
    await exposure.ready;
    registry.register({ name: 'later', description: 'Registered later', effect: 'read_only', schema: z.object({}), handler: () => 'ok' });
    await exposure.ready;
    expect(await exposedNames()).to.deep.equal(['get_weather', 'later']);

    registry.unregister('later');
    await waitUntil(async () => (await exposedNames()).length === 1, 'later withdrawn');
    registry.setPolicy({ deniedTools: ['get_weather'] });
    await waitUntil(async () => (await exposedNames()).length === 0, 'denied tool withdrawn');
  });

  it('withdraws every tool on withdraw(), and leaves out tools consumed from WebMCP', async () => {
    registry.register({
      name: 'webmcp__other',
      description: 'Taken from WebMCP',
      effect: 'external_side_effect',
      metadata: { category: 'webmcp' },
      schema: z.object({}),
      handler: () => 'x',
    });
    exposure = exposeToWebMcp(registry);
    await exposure.ready;
    expect(await exposedNames()).to.deep.equal(['get_weather']);

    exposure.withdraw();
    await waitUntil(async () => (await exposedNames()).length === 0, 'tools withdrawn');
  });

  it('throws WebMcpUnavailableError without a model context', () => {
    cleanupWebMCPPolyfill();
    expect(() => exposeToWebMcp(registry, { modelContext: undefined })).to.throw(WebMcpUnavailableError);
    initializeWebMCPPolyfill();
  });
});
