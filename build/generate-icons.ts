// Writes the committed icons: build/icon.png (app, 512 px) and one tray icon per aggregate
// state (16 px + @2x). Run: npx tsx build/generate-icons.ts
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGGREGATES } from '../shared/tray';
import { iconPng, trayIconFile } from '../electron/services/api/icon-art';

const dir = dirname(fileURLToPath(import.meta.url));
writeFileSync(join(dir, 'icon.png'), iconPng('connected', 512));
for (const a of AGGREGATES) {
  writeFileSync(join(dir, trayIconFile(a)), iconPng(a, 16));
  writeFileSync(join(dir, trayIconFile(a, 2)), iconPng(a, 32));
}
console.log(`wrote icon.png and ${AGGREGATES.length * 2} tray icons to ${dir}`);
