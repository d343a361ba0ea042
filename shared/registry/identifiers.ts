// REG-4: a package's identifier and version come from a registry, i.e. from anyone who
// publishes there, and end up on a command line. Each must fit its registry type, as that
// registry spells its names, before anything is rendered from it: an npm name with a space,
// an OCI reference without a tag, or anything starting with `-` (read as an option by npx,
// uvx, docker or dnx) is refused, with why. Sources: npm's validate-npm-package-name rules
// (214 characters, URL-safe, lower case for new names, one @scope/), PEP 508 names, NuGet
// package ids, the OCI distribution reference grammar (the registry's schema: "Must include at
// least a tag or digest"), and the schema's "Version ranges are rejected".

import { characterRuns } from '../trust/characters';
import { checkOwnTexts } from '../trust/poisoning';
import type { Finding } from '../trust/finding';

/** This machine's own names: where plain http is taken (a registry, a bundle), since nothing crosses a network. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type IdentifierProblem = { field: 'identifier' | 'version'; reason: string };

const NPM_PART = /^[a-z0-9][a-z0-9._~-]*$/i;
const PYPI = /^([A-Z0-9]|[A-Z0-9][A-Z0-9._-]*[A-Z0-9])$/i;
const NUGET = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
// [registry[:port]/]path[:tag][@digest]: lower-case path components, a tag of up to 128 characters.
const OCI = /^(?:[a-zA-Z0-9.-]+(?::[0-9]+)?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::([\w][\w.-]{0,127}))?(?:@(sha256:[a-f0-9]{64}))?$/;
/** What the schema calls a range: `^1.2`, `~1`, `>=1`, `1.x`, `1.*`, `latest`, or anything with a space. */
const RANGE = /[\^~<>=*|\s]|(^|\.)[xX](\.|$)|^latest$/;
/** Printable, no shell or option syntax: what every runner accepts as one word. */
const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

function npmProblem(id: string): string | null {
  if (id.length > 214) return 'an npm name is at most 214 characters';
  if (id !== id.trim() || /\s/.test(id)) return 'an npm name has no spaces';
  const m = /^(?:@([^/]+)\/)?([^/]+)$/.exec(id);
  if (!m) return 'an npm name is NAME or @SCOPE/NAME';
  if (m[1] !== undefined && !NPM_PART.test(m[1])) return `"@${m[1]}" is not an npm scope`;
  if (!NPM_PART.test(m[2]!)) return 'an npm name is letters, digits and - . _ ~, not starting with . or _';
  return null;
}

/** Why `identifier` is not a `registryType` name (null: it fits). */
export function identifierProblem(registryType: string, identifier: string): string | null {
  if (identifier.startsWith('-')) return 'it starts with "-", which the runner would read as an option';
  switch (registryType) {
    case 'npm':
      return npmProblem(identifier);
    case 'pypi':
      return PYPI.test(identifier) ? null : 'a PyPI name is letters, digits and - . _, starting and ending with a letter or digit';
    case 'nuget':
      return identifier.length <= 100 && NUGET.test(identifier) ? null : 'a NuGet package id is letters, digits and - . _ (at most 100)';
    case 'oci': {
      const m = OCI.exec(identifier);
      if (!m) return 'not an OCI image reference ([registry/]namespace/image:tag)';
      return m[1] === undefined && m[2] === undefined ? 'an OCI reference needs a tag or a digest (image:1.2.3), so the image cannot change under the entry' : null;
    }
    case 'mcpb': {
      let u: URL;
      try {
        u = new URL(identifier);
      } catch {
        return 'an MCPB package is an https URL';
      }
      // Plain http only on this machine's loopback (a test's registry, as for registries: sources.ts); the digest is checked either way.
      const local = u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname);
      return (u.protocol === 'https:' || local) && !u.username && !u.password ? null : 'an MCPB package is an https URL without credentials';
    }
    default:
      return `the panel does not know the registry type "${registryType}" (npm, pypi, nuget, oci, mcpb)`;
  }
}

/** Why `version` is not one exact version (null: it is). */
export function versionProblem(version: string): string | null {
  if (RANGE.test(version)) return `"${version}" is a range or "latest"; the registry entry must name one version`;
  if (!VERSION.test(version) || version.length > 255) return `"${version}" is not a version (letters, digits and . _ + -, not starting with -)`;
  return null;
}

/** The image an OCI package names: its identifier, with `:version` when it carries no tag or digest itself (entries before 2025-12-11). */
export function ociReference(p: { registryType: string; identifier: string; version?: string | undefined }): string {
  if (p.registryType !== 'oci' || p.version === undefined) return p.identifier;
  const m = OCI.exec(p.identifier);
  return m && m[1] === undefined && m[2] === undefined ? `${p.identifier}:${p.version}` : p.identifier;
}

/** Every problem of one package: its identifier, and its version (an OCI image carries its tag in the identifier). */
export function packageProblems(p: { registryType: string; identifier: string; version?: string | undefined }): IdentifierProblem[] {
  const out: IdentifierProblem[] = [];
  const id = identifierProblem(p.registryType, ociReference(p));
  if (id) out.push({ field: 'identifier', reason: id });
  if (p.version !== undefined) {
    const v = versionProblem(p.version);
    if (v) out.push({ field: 'version', reason: v });
  } else if (p.registryType !== 'oci' && p.registryType !== 'mcpb') {
    out.push({ field: 'version', reason: 'no version: the entry would run whatever is newest, so the panel does not install it' });
  }
  return out;
}

/** REG-4: a URL from a registry (repository, website) is shown or followed only when it is http(s). */
export function httpUrl(u: string | undefined): string | null {
  if (!u) return null;
  try {
    const p = new URL(u).protocol;
    return p === 'https:' || p === 'http:' ? u : null;
  } catch {
    return null;
  }
}

/**
 * REG-4 / SEC-9: which of an entry's texts hold a control or format character (a bidi override,
 * a zero-width mark, an escape sequence): they are shown escaped, and the entry is flagged, as
 * text written to read otherwise than its bytes say. The characters are judged as the poisoning
 * checks judge a tool's (CONN-11, shared/trust/characters.ts): an emoji's joiner is not flagged.
 */
export function invisibleFields(server: { title?: string | undefined; description: string; websiteUrl?: string | undefined; repository?: { url?: string | undefined } | undefined }): string[] {
  const texts: Array<[string, string | undefined]> = [['title', server.title], ['description', server.description], ['websiteUrl', server.websiteUrl], ['repository', server.repository?.url]];
  return texts.filter(([, t]) => t !== undefined && characterRuns(t).length > 0).map(([k]) => k);
}

/** REG-4: the poisoning checks of CONN-11 on an entry's name, title and description (none: absent). */
export function registryFindings(server: { name: string; title?: string | undefined; description: string }): { findings?: Finding[] } {
  const findings = checkOwnTexts({ name: server.name, title: server.title, description: server.description });
  return findings.length ? { findings } : {};
}
