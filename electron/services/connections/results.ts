// CONN-9: keep text, image, audio, embedded resource and resource link parts; a binary part
// over 10 MB (decoded) becomes `[MCP content dropped: …]`; isError passes through.
import type { ContentPart, ConvertedResult } from './types';

export const MAX_BINARY_BYTES = 10 * 1024 * 1024;

/** Decoded size of base64 without decoding it. */
export function base64Bytes(data: string): number {
  const pad = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - pad;
}

function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function dropped(what: string): ContentPart {
  return { type: 'text', text: `[MCP content dropped: ${what}]` };
}

type Raw = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function convertPart(part: Raw, maxBytes: number): ContentPart {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: str(part.text) ?? '' };
    case 'image':
    case 'audio': {
      const data = str(part.data) ?? '';
      const mimeType = str(part.mimeType) ?? 'application/octet-stream';
      const bytes = base64Bytes(data);
      if (bytes > maxBytes) return dropped(`${part.type} (${mimeType}) of ${mb(bytes)} exceeds the ${mb(maxBytes)} limit`);
      return { type: part.type, data, mimeType };
    }
    case 'resource': {
      const r = (part.resource ?? {}) as Raw;
      const uri = str(r.uri) ?? '';
      const mimeType = str(r.mimeType);
      const blob = str(r.blob);
      if (blob !== undefined) {
        const bytes = base64Bytes(blob);
        if (bytes > maxBytes) return dropped(`resource ${uri} (${mimeType ?? 'binary'}) of ${mb(bytes)} exceeds the ${mb(maxBytes)} limit`);
        return { type: 'resource', resource: { uri, ...(mimeType ? { mimeType } : {}), blob } };
      }
      return { type: 'resource', resource: { uri, ...(mimeType ? { mimeType } : {}), text: str(r.text) ?? '' } };
    }
    case 'resource_link': {
      const out: ContentPart = { type: 'resource_link', uri: str(part.uri) ?? '', name: str(part.name) ?? '' };
      for (const k of ['title', 'description', 'mimeType'] as const) {
        const v = str(part[k]);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    default:
      return dropped(`unsupported content type "${String(part.type)}"`);
  }
}

export function convertResult(raw: unknown, maxBytes = MAX_BINARY_BYTES): ConvertedResult {
  const r = (raw ?? {}) as Raw;
  // Old servers answer `toolResult` instead of content (protocol 2024-10-07).
  if (!Array.isArray(r.content) && 'toolResult' in r) {
    return { isError: false, content: [{ type: 'text', text: JSON.stringify(r.toolResult) }] };
  }
  const parts = Array.isArray(r.content) ? (r.content as Raw[]) : [];
  const out: ConvertedResult = { isError: r.isError === true, content: parts.map((p) => convertPart(p, maxBytes)) };
  if (r.structuredContent && typeof r.structuredContent === 'object') out.structuredContent = r.structuredContent as Record<string, unknown>;
  return out;
}

export function errorResult(code: NonNullable<ConvertedResult['error']>['code'], message: string): ConvertedResult {
  return { isError: true, content: [{ type: 'text', text: message }], error: { code, message } };
}
