// The connection engine (CONN-1 … CONN-11): plain Node, official MCP SDK only.
export { ConnectionPool } from './pool';
export { redirectSafeFetch } from '../mcp/redirect-fetch';
export { liveChildPids } from '../mcp/process-group';
export { sweepStaleGroups } from './group-records';
export { jsonLineLogger } from './logger';
export type * from './types';
