// The one contract between the renderer and the host (process model, SEC-1, SEC-2).
// Every method is `domain.verb` with a zod input and output; every event `domain.event`
// with a payload, one file per prefix under shared/contract/. IPC handlers, the preload
// bridge, the web bridge, the renderer client and the CLI are derived from this object
// (shared/rpc.ts); no channel name is written anywhere else.
import { defineContract } from './rpc';
import { appEvents, appMethods } from './contract/app';
import { profilesMethods } from './contract/profiles';
import { serversEvents, serversMethods } from './contract/servers';
import { workspaceMethods } from './contract/workspace';
import { editorMethods } from './contract/editor';
import { toolsEvents, toolsMethods } from './contract/tools';
import { toolFilterMethods } from './contract/tool-filter';
import { planMethods } from './contract/plan';
import { skillsMethods } from './contract/skills';
import { inspectMethods } from './contract/inspect';
import { permissionsMethods } from './contract/permissions';
import { disclosureMethods } from './contract/disclosure';
import { authEvents, authMethods } from './contract/auth';
import { logsMethods } from './contract/logs';
import { doctorMethods } from './contract/doctor';
import { bridgesEvents, bridgesMethods } from './contract/bridges';
import { snapshotsMethods } from './contract/snapshots';
import { aboutMethods } from './contract/about';
import { installEvents, installMethods } from './contract/install';
import { inputsEvents, inputsMethods } from './contract/inputs';
import { registryMethods } from './contract/registry';
import { agentsMethods } from './contract/agents';

export * from './contract/app';
export * from './contract/profiles';
export * from './contract/servers';
export * from './contract/editor';
export * from './contract/tools';
export * from './contract/tool-filter';
export * from './contract/permissions';
export * from './contract/disclosure';
export * from './contract/auth';
export * from './contract/logs';
export * from './contract/doctor';
export * from './contract/inspect';
export * from './contract/bridges';
export * from './contract/snapshots';
export * from './contract/about';
export * from './contract/install';
export * from './contract/inputs';
export * from './contract/registry';
export * from './contract/plan';
export * from './contract/skills';

export const contract = defineContract({
  methods: {
    ...appMethods,
    ...profilesMethods,
    ...agentsMethods,
    ...serversMethods,
    ...workspaceMethods,
    ...editorMethods,
    ...toolsMethods,
    ...toolFilterMethods,
    ...planMethods,
    ...skillsMethods,
    ...permissionsMethods,
    ...disclosureMethods,
    ...authMethods,
    ...logsMethods,
    ...doctorMethods,
    ...inspectMethods,
    ...bridgesMethods,
    ...snapshotsMethods,
    ...aboutMethods,
    ...installMethods,
    ...inputsMethods,
    ...registryMethods,
  },
  events: {
    ...appEvents,
    ...serversEvents,
    ...installEvents,
    ...authEvents,
    ...toolsEvents,
    ...bridgesEvents,
    ...inputsEvents,
  },
});

export type AppContract = typeof contract;
/** What every output shows in place of a secret (shared/secrets/secret-text.ts). */
export { SECRET_MASK } from './secrets/secret-text';
