/**
 * The framework-free tool runtime: no Lit, no DOM beyond EventTarget/AbortSignal.
 * @module
 */
export * from './types.js';
export * from './errors.js';
export * from './typed-event-target.js';
export * from './tool-events.js';
export * from './tool-effect.js';
export * from './tool-policy.js';
export * from './tool-redaction.js';
export * from './tool-budgets.js';
export * from './tool-namespace.js';
export * from './tool-registry.js';
export * from './tool-executor.js';
export * from './retry.js';
export * from './circuit-breaker.js';
export * from './tool-execution-manager.js';
