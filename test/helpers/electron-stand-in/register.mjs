// `node --import <this file> out/main/index.js`: makes the bare specifier 'electron' resolve to
// the recording stand-in (main-process.mjs) for this process only. Production code and the
// real `electron` package stay untouched; nothing else is remapped.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
