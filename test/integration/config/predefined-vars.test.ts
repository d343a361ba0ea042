// AGENT-1: VS Code and Cursor fill in their own `${workspaceFolder}` and `${userHome}` (VS Code
// "Variables reference", Cursor "Config interpolation"); the panel starts what they would.
// Other agents leave the text alone.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { useSandbox } from './helpers';

const sb = useSandbox('each');

describe('${workspaceFolder} and ${userHome}', () => {
  it('VS Code (workspace file) and Cursor (global file) expand them; Claude Desktop does not', async () => {
    await sb.write(join(sb.ws, '.vscode', 'mcp.json'), `{\n  // a workspace server\n  "servers": { "local": { "type": "stdio", "command": "node", "args": ["\${workspaceFolder}/server.js"], "cwd": "\${userHome}" } }\n}\n`);
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { tool: { command: '${userHome}/bin/tool', args: ['--root', '${workspaceFolder}'] } } });
    await sb.write(join(sb.home, '.config', 'Claude', 'claude_desktop_config.json'), { mcpServers: { tool: { command: 'tool', args: ['${workspaceFolder}'] } } });
    await sb.trust();
    const vscode = (await sb.service().load('vscode', sb.ws)).servers.find((s) => s.name === 'local')!;
    expect(vscode.spec).toMatchObject({ command: 'node', args: [`${sb.ws}/server.js`], cwd: sb.home });
    const cursor = (await sb.service().load('cursor', sb.ws)).servers.find((s) => s.name === 'tool')!;
    expect(cursor.spec).toMatchObject({ command: `${sb.home}/bin/tool`, args: ['--root', sb.ws] });
    // Without a workspace there is nothing to fill it with: the server is not started, and says why.
    const none = (await sb.service().load('cursor', null)).servers.find((s) => s.name === 'tool')!;
    expect(none.spec).toBeNull();
    expect(none.error).toContain('workspaceFolder');
    const desktop = (await sb.service().load('claude-desktop', sb.ws)).servers.find((s) => s.name === 'tool')!;
    expect(desktop.spec?.args).toEqual(['${workspaceFolder}']);
  });
});
