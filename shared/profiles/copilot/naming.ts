// GitHub Copilot CLI's tool names (README.md has the runs they come from): `<server>-<tool>`, each
// part Punycode-encoded when it is not ASCII (IDNA ToASCII, label by label), then every character
// outside [A-Za-z0-9_-] becomes `-`, and the whole cut at 64 characters.
// The encoder is RFC 3492 as written there (§6.3, §6.1): a few lines for one agent's name rule,
// rather than a new runtime dependency; test/unit/profiles/new-agent-names.test.ts checks it on
// RFC 3492's own samples.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;

/** RFC 3492 §6.1. */
function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

/** 0–25 → a–z, 26–35 → 0–9. */
const digit = (d: number): string => String.fromCharCode(d < 26 ? d + 97 : d + 22);

/** RFC 3492 §6.3: the Punycode of one label (without the `xn--`). */
export function punycodeEncode(label: string): string {
  const points = Array.from(label, (c) => c.codePointAt(0)!);
  let out = points.filter((c) => c < 0x80).map((c) => String.fromCharCode(c)).join('');
  const basic = out.length;
  if (basic > 0) out += '-';
  let n = 0x80;
  let delta = 0;
  let bias = 72;
  for (let h = basic; h < points.length; ) {
    const m = Math.min(...points.filter((c) => c >= n));
    delta += (m - n) * (h + 1);
    n = m;
    for (const c of points) {
      if (c < n) delta++;
      if (c !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        out += digit(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      out += digit(q);
      bias = adapt(delta, h + 1, h === basic);
      delta = 0;
      h++;
    }
    delta++;
    n++;
  }
  return out;
}

const NON_ASCII = /[^\0-\x7F]/;

/** IDNA ToASCII as punycode.js does it: each dot-separated label that is not ASCII becomes `xn--…`. */
export function toAscii(s: string): string {
  // All ASCII (nearly every name): no label changes, and '.' is the only separator it can hold.
  if (!NON_ASCII.test(s)) return s;
  return s
    .split(/[.\u3002\uFF0E\uFF61]/)
    .map((label) => (NON_ASCII.test(label) ? `xn--${punycodeEncode(label)}` : label))
    .join('.');
}

const part = (s: string) => toAscii(s).replace(/[^A-Za-z0-9_-]/g, '-');

export const COPILOT_NAME_LIMIT = 64;

/** The name before the cut, what two tools' names meet on. */
export const copilotUntruncated = (server: string, tool: string): string => `${part(server)}-${part(tool)}`;

export const copilotToolName = (server: string, tool: string): string => copilotUntruncated(server, tool).slice(0, COPILOT_NAME_LIMIT);
