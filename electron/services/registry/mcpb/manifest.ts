// REG-3: a bundle's `manifest.json`, checked against the MCPB schema of the version it declares
// (`manifest_version`, or `dxt_version` in older bundles), with the schemas the
// `@anthropic-ai/mcpb` package ships (the spec's own, strict: an unknown field is refused), so the
// panel reads only a manifest the MCPB tools would accept.
import { BundleError } from './unpack';

type ServerConfig = { command: string; args?: string[] | undefined; env?: Record<string, string> | undefined };

export interface UserConfigOption {
  type: 'string' | 'number' | 'boolean' | 'directory' | 'file';
  title: string;
  description: string;
  required?: boolean | undefined;
  default?: string | number | boolean | string[] | undefined;
  multiple?: boolean | undefined;
  sensitive?: boolean | undefined;
  min?: number | undefined;
  max?: number | undefined;
}

/** What the panel reads of a manifest (every MCPB version has it in this shape). */
export interface BundleManifest {
  name: string;
  version: string;
  display_name?: string | undefined;
  server: {
    type: string;
    entry_point: string;
    mcp_config: ServerConfig & { platform_overrides?: Record<string, Partial<ServerConfig>> | undefined };
  };
  compatibility?: { platforms?: string[] | undefined } | undefined;
  user_config?: Record<string, UserConfigOption> | undefined;
}

/**
 * `text` (the bundle's manifest.json) parsed and checked; BundleError `manifest` saying what is
 * wrong. The schemas (and the zod 3 they are written in) load on the first bundle, not with
 * every command and host start.
 */
export async function parseManifest(text: string, label: string): Promise<BundleManifest> {
  const { VERSIONED_MANIFEST_SCHEMAS } = await import('@anthropic-ai/mcpb/schemas');
  const VERSIONS = Object.keys(VERSIONED_MANIFEST_SCHEMAS) as Array<keyof typeof VERSIONED_MANIFEST_SCHEMAS>;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new BundleError('manifest', `${label}: manifest.json is not JSON (${(err as Error).message})`);
  }
  const declared = typeof raw === 'object' && raw !== null ? ((raw as { manifest_version?: unknown; dxt_version?: unknown }).manifest_version ?? (raw as { dxt_version?: unknown }).dxt_version) : undefined;
  const version = VERSIONS.find((v) => v === declared);
  if (!version) throw new BundleError('manifest', `${label}: manifest.json declares manifest_version ${JSON.stringify(declared) ?? '(none)'}; the panel reads MCPB manifests ${VERSIONS.join(', ')}`);
  const parsed = VERSIONED_MANIFEST_SCHEMAS[version].safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || '(top)'}: ${i.message}`);
    throw new BundleError('manifest', `${label}: manifest.json is not a valid MCPB ${version} manifest: ${issues.join('; ')}`);
  }
  const manifest: BundleManifest = parsed.data;
  return manifest;
}
