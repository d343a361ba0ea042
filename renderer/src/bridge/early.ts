// The page's first questions, asked before the rest of its script runs (issue 40 item 3). The
// build puts this module, the web transport and the channel names in a chunk of their own
// (electron.vite.config.ts), which the page's entry imports first: the calls are on their way
// while React, Mantine, zod and the views are evaluated, instead of after. Nothing here may
// import zod, the contract or React, or the chunk would wait for them again.
import { httpTransport } from './web-transport';
import type { RpcTransport } from '../../../shared/rpc';
// Not bridge/index.ts, which loads the contract: window.mcpPanel is typed there (a global).

/** What main.tsx asks for at once, each with no input (the stores' load* actions). */
export const FIRST_CALLS = ['servers.list', 'app.settings', 'profiles.detect', 'app.info', 'inputs.pending'] as const;

/**
 * The page's transport, made as this module is evaluated: Electron's preload (IPC, which needs no
 * head start), else HTTP with the first calls under way.
 */
export const earlyTransport: RpcTransport = window.mcpPanel ?? httpTransport(window, FIRST_CALLS);
