// REG-4: an identifier that does not fit its registry type, or a version that is not one
// version, is refused with why; the names the registries really hold pass.
import { describe, expect, it } from 'vitest';
import { identifierProblem, ociReference, packageProblems, versionProblem } from '../../../shared/registry/identifiers';

describe('package identifiers per registry type', () => {
  it.each([
    ['npm', '@modelcontextprotocol/server-memory'],
    ['npm', 'express'],
    ['npm', 'JSONStream'],
    ['pypi', 'mcp-server-time'],
    ['pypi', 'weather_mcp.server'],
    ['nuget', 'Knapcode.SampleMcpServer'],
    ['oci', 'ghcr.io/modelcontextprotocol/server-example:v1.0.0'],
    ['oci', 'docker.io/library/postgres:16'],
    ['oci', 'localhost:5000/team/tool:1'],
    ['oci', `ghcr.io/owner/repo@sha256:${'a'.repeat(64)}`],
    ['mcpb', 'https://github.com/o/r/releases/download/v1/x.mcpb'],
    ['mcpb', 'http://127.0.0.1:8080/bundles/x.mcpb'],
  ])('%s %s fits', (type, id) => expect(identifierProblem(type, id)).toBeNull());

  it.each([
    ['npm', 'bad name', /no spaces/],
    ['npm', '@scope/a/b', /NAME or @SCOPE\/NAME/],
    ['npm', '.hidden', /letters, digits/],
    ['npm', '--yes', /option/],
    ['npm', 'x'.repeat(215), /214/],
    ['pypi', 'name with space', /PyPI/],
    ['pypi', '-e', /option/],
    ['nuget', 'a/b', /NuGet/],
    ['oci', 'mcp/filesystem', /tag or a digest/],
    ['oci', 'Owner/Repo:1', /not an OCI/],
    ['oci', 'image:tag;rm -rf /', /not an OCI/],
    ['mcpb', 'http://github.com/x.mcpb', /https/],
    ['mcpb', 'http://127.0.0.2.example.com/x.mcpb', /https/],
    ['mcpb', 'file:///tmp/x.mcpb', /https/],
    ['mcpb', 'https://u:p@github.com/x.mcpb', /credentials/],
    ['cargo', 'ripgrep', /does not know the registry type/],
  ])('%s %s is refused', (type, id, why) => expect(identifierProblem(type, id)).toMatch(why));
});

describe('versions', () => {
  it.each(['1.0.2', '2026.8.31', '0.4.0-beta', '1.0.0+build.5'])('%s is one version', (v) => expect(versionProblem(v)).toBeNull());
  it.each(['latest', '^1.2.3', '~1.2', '>=1.0', '1.x', '1.*', '1.0 || 2.0', '-1', '1;rm'])('%s is refused', (v) => expect(versionProblem(v)).not.toBeNull());

  it('an OCI package without a tag takes its version as the tag; npm without a version is refused', () => {
    expect(ociReference({ registryType: 'oci', identifier: 'mcp/filesystem', version: '1.0.2' })).toBe('mcp/filesystem:1.0.2');
    expect(packageProblems({ registryType: 'oci', identifier: 'mcp/filesystem', version: '1.0.2' })).toEqual([]);
    expect(packageProblems({ registryType: 'npm', identifier: 'x' })).toEqual([{ field: 'version', reason: expect.stringContaining('no version') }]);
    expect(packageProblems({ registryType: 'npm', identifier: 'a b', version: 'latest' }).map((p) => p.field)).toEqual(['identifier', 'version']);
  });
});
