// Public face of the configuration engine (reading half). The writer, import and watcher
// live in their own folders and build on these.
export { ConfigService, type ConfigServiceOptions, type PluginOrigin } from './config-service';
export { TrustStore, type TrustEntry } from './trust-store';
export { detectProfiles, agentCandidates, type AgentId, type DetectedAgent } from './detect';
export { validatePluginEntry, findOnPath, type PluginRuleIssue, type PluginRuleOptions } from './plugin-rules';
export { buildStatus, configState, type Status, type StatusServer } from './status';
export { resolveLayerPaths, gitRoot, findMinaraRepo, minaraDataDir, minimaxDataDir, kimiHome, type LayerLocation, type LayerEnv } from './layers';
export { readConfigFile, isInside, type FileRead, type ReadOptions } from './read-file';
export { parseJsonText, offsetToLineCol, resolvePointer, pointerOf, nodeValue, type ParsedText } from './json-text';
export { expandVars, expandString, expandEntry, referencedVars, CONNECT_TIME_FIELDS, type ExpandedEntry } from './expand';
export type { HostVariables } from './types';
export { mergeLayers } from './merge';
export { loadLayer, readText } from './layer-loader';
export { checkFile, type CheckResult, type CheckDialect } from './check';
export { buildSpec, serverId } from './spec';
