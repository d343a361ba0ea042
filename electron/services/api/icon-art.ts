// UI-8: the tray icon per aggregate state, drawn as pixels (a dark rounded square holding a
// coloured dot). Used by build/generate-icons.ts (committed PNGs) and by the Electron tray
// at runtime, so the two can never drift.
import { AGGREGATE_COLORS, type Aggregate } from '../../../shared/tray';
import { encodePng } from './png';

function hex(c: string): [number, number, number] {
  const n = parseInt(c.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const clamp = (x: number) => Math.max(0, Math.min(1, x));

/** Coverage of a rounded square and a disc, antialiased by distance. */
export function drawIcon(aggregate: Aggregate, size: number): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  const [r, g, b] = hex(AGGREGATE_COLORS[aggregate]);
  const bg: [number, number, number] = [31, 36, 48];
  const half = size / 2;
  const radius = size * 0.22; // corner radius of the square
  const dot = size * 0.3;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const cx = x + 0.5 - half;
      const cy = y + 0.5 - half;
      // signed distance to a rounded square of half-size `half - 0.5`
      const qx = Math.abs(cx) - (half - 0.5 - radius);
      const qy = Math.abs(cy) - (half - 0.5 - radius);
      const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
      const squareA = clamp(0.5 - outside);
      const dotA = clamp(0.5 - (Math.hypot(cx, cy) - dot));
      const i = (y * size + x) * 4;
      px[i] = Math.round(bg[0] * (1 - dotA) + r * dotA);
      px[i + 1] = Math.round(bg[1] * (1 - dotA) + g * dotA);
      px[i + 2] = Math.round(bg[2] * (1 - dotA) + b * dotA);
      px[i + 3] = Math.round(255 * squareA);
    }
  }
  return px;
}

export function iconPng(aggregate: Aggregate, size: number): Buffer {
  return encodePng(size, size, drawIcon(aggregate, size));
}

/** File names in build/: tray-<aggregate>.png (+ @2x), and icon.png for the app. */
export function trayIconFile(aggregate: Aggregate, scale: 1 | 2 = 1): string {
  return `tray-${aggregate}${scale === 2 ? '@2x' : ''}.png`;
}
