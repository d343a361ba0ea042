// The MCP seam: the only product code that imports the MCP SDK (eslint.config.mjs bans it
// everywhere else). session.ts (one session, behind the traffic tap of tap.ts), transports.ts
// (the one connection factory, for the pool and the bridge), errors.ts (the one classifier),
// oauth.ts (what the auth services build on), one-shot.ts and agent-side.ts. Start-time
// sensitive callers (the bridge) import those files directly rather than this barrel.
export type { Session, WholeLists } from './session';
export type { ListCached } from './list-cache';
export { SkillReadError } from './skills';
export { classifyMcpError } from './errors';
export { expandTemplate, templateVariables } from './uri-template';
export type * from './types';
export type { JSONRPCMessage as JsonRpcMessage, Transport as McpTransport } from '@modelcontextprotocol/client';
export { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/client';
