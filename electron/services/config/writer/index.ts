// The writing half of the config engine (CFG-7, CFG-8, SEC-3).
export * from './errors';
export * from './atomic-write';
export * from './text-edit';
export * from './snapshot';
export * from './layer-paths';
export * from './server-ops';
export { spanEditor } from './span-editor';
export * from './config-writer';
export type { ListPath } from './list-ops';
export { applyToolMapPatch } from './tool-map-op';
