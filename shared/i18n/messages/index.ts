// Every view's catalogue. Terms that recur across views take their Chinese word from glossary.ts.
import { detail } from './detail';
import { disclosure } from './disclosure';
import { doctor } from './doctor';
import { host } from './host';
import { editor } from './editor';
import { login } from './login';
import { logs } from './logs';
import { notes } from './notes';
import { permissions } from './permissions';
import { reasons } from './reasons';
import { secrets } from './secrets';
import { servers } from './servers';
import { settings } from './settings';
import { shell } from './shell';
import { tools } from './tools';
import { tray } from './tray';
import { write } from './write';
import { bridges } from './bridges';
import { bridgeRun } from './bridge-run';
import { keychain } from './keychain';
import { eras } from './eras';
import { problems } from './problems';
import { agent } from './agent';
import { ask } from './ask';
import { install } from './install';
import { inputs } from './inputs';
import { protocol } from './protocol';
import { discover } from './discover';
import { limits } from './limits';
import { trust } from './trust';
import { plan } from './plan';

const all = [shell, servers, tray, editor, tools, permissions, disclosure, login, logs, settings, reasons, write, notes, doctor, secrets, bridges, host, detail, bridgeRun, keychain, eras, problems, agent, ask, install, inputs, protocol, discover, limits, trust, plan] as const;

type KeysOf<T> = T extends unknown ? keyof T : never;
export type MessageKey = KeysOf<(typeof all)[number]['en']> & string;

function merge(side: 'en' | 'zh'): Record<MessageKey, string> {
  return Object.assign({}, ...all.map((c) => c[side])) as Record<MessageKey, string>;
}

export const en = merge('en');
export const zh = merge('zh');
