import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { iconPng, trayIconFile } from '../../../electron/services/api/icon-art';
import { AGGREGATES, AGGREGATE_COLORS } from '../../../shared/tray';

function centrePixel(png: Buffer): number[] {
  const width = png.readUInt32BE(16);
  const idat = png.subarray(41, 41 + png.readUInt32BE(33));
  const raw = inflateSync(idat);
  const y = Math.floor(width / 2);
  const off = y * (width * 4 + 1) + 1 + Math.floor(width / 2) * 4;
  return [...raw.subarray(off, off + 4)];
}

describe('tray icons (UI-8)', () => {
  it('one valid PNG per aggregate state, its centre in the state colour', () => {
    for (const a of AGGREGATES) {
      const png = iconPng(a, 16);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.readUInt32BE(16)).toBe(16);
      const hex = '#' + centrePixel(png).slice(0, 3).map((v) => v.toString(16).padStart(2, '0')).join('');
      expect(hex).toBe(AGGREGATE_COLORS[a]);
    }
  });

  it('the committed icons in build/ are what the generator draws (no drift)', () => {
    for (const a of AGGREGATES) {
      expect(readFileSync(new URL(`../../../build/${trayIconFile(a)}`, import.meta.url)).equals(iconPng(a, 16))).toBe(true);
      expect(readFileSync(new URL(`../../../build/${trayIconFile(a, 2)}`, import.meta.url)).equals(iconPng(a, 32))).toBe(true);
    }
  });
});
