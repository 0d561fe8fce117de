/**
 * The framework-free tool runtime: no Lit, no DOM beyond EventTarget/AbortSignal.
 * @module
 */
export * from './types.js';
export * from './errors.js';
export * from './typed-event-target.js';
