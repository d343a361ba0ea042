// The connection engine (CONN-1 … CONN-11): plain Node, official MCP SDK only.
export { ConnectionPool } from './pool';
export { SnapshotStore, diffTools, toolsSha, canonicalJson } from './snapshots';
export { convertResult, errorResult, MAX_BINARY_BYTES } from './results';
export { applyLimits, PLUGIN_MAX_TOOLS_PER_SERVER, PLUGIN_MAX_TOOLS_PER_SNAPSHOT } from './limits';
export { redirectSafeFetch } from './redirect-fetch';
export { expandVars, resolveHeaders, MissingVariableError } from './expand';
export { Semaphore } from './semaphore';
export { realClock, type Clock, type TimerHandle } from './clock';
export { liveChildPids } from './process-group';
export { sweepStaleGroups, type SweepResult } from './group-records';
export { isAuthError } from './errors';
export { jsonLineLogger } from './logger';
export type * from './types';
