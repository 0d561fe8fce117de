/**
 * The Node-side AG-UI servers of ag-ui-lit: the demo agent (`POST /api/agent`: a real model when the environment
 * configures one, else a script) and the scripted test agents
 * (`POST /api/test/<scenario>`), as one Node-style middleware for Vite, the test runner or a plain `http` server.
 * Importing this module has no side effects.
 */
export { createAgUiMiddleware, DELAY_HEADER, type AgUiMiddleware, type AgUiMiddlewareOptions } from './ag-ui-middleware.js';
export type { AgentHandler, AgentRequest } from './agent-request.js';
export { DEMO_DELAY_MS, runDemoAgent } from './demo-agent.js';
export { DemoToolName, parseDemoRequest, type DemoRequest, type DemoToolRequest } from './demo-intents.js';
export type { JsonErrorBody } from './http-json.js';
export { createModelAgent, DEMO_SYSTEM_PROMPT, modelAgentHandler, type ModelAgentOptions } from './model-agent.js';
export {
  agentInfo,
  AgentKind,
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_OPENAI_MODEL,
  modelConfigFromEnv,
  ModelConfigError,
  OPENAI_BASE_URL,
  type AgentInfo,
  type ModelConfig,
} from './model-config.js';
export { ModelReplay, REPLAY_API_KEY, replayAnswers, type ReplayAnswer, type UpstreamRequest } from './model-replay.js';
export { RequestRecorder, type RecordedRequest, type RequestRecorderOptions } from './request-recorder.js';
export { RunWriter, splitEvenly, splitWords, type RunWriterOptions } from './run-writer.js';
export { SseStream } from './sse-stream.js';
export { BENCH_PARAGRAPH, BENCH_TOOL_NAME, writeStreamBench, type StreamBenchOptions } from './stream-bench.js';
export { DEFAULT_TEST_TOOL, PROTOCOL_ERROR_KINDS, TEST_SCENARIOS, type TestScenarioName } from './test-scenarios.js';
