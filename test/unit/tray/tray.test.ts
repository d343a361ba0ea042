import { describe, expect, it } from 'vitest';
import { agentGroups, trayAgentsModel, trayModel, type TrayServerInput } from '../../../shared/tray';

const s = (id: string, state: TrayServerInput['state'], toolCount: number | null = null): TrayServerInput => ({ id, name: id, state, toolCount });

describe('tray model (UI-8)', () => {
  it('sums up six servers like the SPEC example', () => {
    const m = trayModel([s('a', 'connected', 100), s('b', 'connected', 50), s('c', 'connected', 42), s('d', 'connected', 20), s('e', 'needs-auth'), s('f', 'failed')]);
    expect(m.tooltip).toBe('6 servers · 4 connected · 1 needs login · 1 failed · 212 tools');
    expect(m.aggregate).toBe('failed');
  });

  it('servers whose tool texts the poisoning checks flagged: one tooltip line naming them, the count on their menu row (CONN-11)', () => {
    const m = trayModel([{ ...s('mail', 'connected', 3), findings: 4 }, s('ok', 'connected', 2), { ...s('gone', 'failed'), findings: 2 }]);
    expect(m.tooltip.split('\n')).toContain('1 server has tool texts the poisoning checks flagged: mail');
    expect(m.menu[0]).toMatchObject({ kind: 'server', label: 'mail — connected · 4 flagged' });
    expect(m.menu[1]).toMatchObject({ label: 'ok — connected' });
    const zh = trayModel([{ ...s('mail', 'connected', 3), findings: 4 }], 'zh');
    expect(zh.tooltip).toContain('1 个服务器的工具文本被投毒检查标记：mail');
  });

  it('picks the aggregate worst first: failed > needs login > connected > idle', () => {
    expect(trayModel([s('a', 'connected', 1), s('b', 'needs-auth')]).aggregate).toBe('needs-auth');
    expect(trayModel([s('a', 'connected', 1), s('b', 'pending')]).aggregate).toBe('connected');
    expect(trayModel([s('a', 'disabled'), s('b', 'pending')]).aggregate).toBe('idle');
    expect(trayModel([]).aggregate).toBe('idle');
    expect(trayModel([]).tooltip).toBe('No servers');
  });

  it('counts no tools for servers that are not connected, and ignores removed servers', () => {
    const m = trayModel([s('a', 'connected', 1), s('b', 'failed', 9), s('c', 'removed', 5)]);
    expect(m.tooltip).toBe('2 servers · 1 connected · 1 failed · 1 tool');
    expect(m.menu.filter((i) => i.kind === 'server').map((i) => (i.kind === 'server' ? i.id : ''))).toEqual(['a', 'b']);
  });

  it('menu: servers with state, log in for needs-auth, reconnect unless disabled, then open and quit', () => {
    const m = trayModel([s('gh', 'needs-auth'), s('off', 'disabled'), s('ok', 'connected', 3)]);
    const [gh, off, ok, sep, open, quit] = m.menu;
    expect(gh).toMatchObject({ kind: 'server', label: 'gh — needs login' });
    expect(gh?.kind === 'server' && gh.actions.map((a) => a.action.type)).toEqual(['login', 'reconnect']);
    expect(off?.kind === 'server' && off.actions).toEqual([]);
    expect(ok?.kind === 'server' && ok.actions.map((a) => a.action)).toEqual([{ type: 'reconnect', id: 'ok' }]);
    expect(sep).toEqual({ kind: 'separator' });
    expect(open).toMatchObject({ kind: 'action', action: { type: 'open' } });
    expect(quit).toMatchObject({ kind: 'action', action: { type: 'quit' } });
  });

  it('speaks Chinese', () => {
    const m = trayModel([s('a', 'connected', 2), s('b', 'failed')], 'zh');
    expect(m.tooltip).toBe('2 个服务器 · 1 个已连接 · 1 个失败 · 2 个工具');
    expect(m.menu[1]).toMatchObject({ label: 'b — 失败' });
  });

  it("says how many servers the agent cannot use, why on each server's line, and offers no login for a token server", () => {
    const verdict = (code: 'no_oauth' | 'token_required') => ({ profile: 'minimax' as const, agent: 'MiniMax Code', status: 'unusable' as const, issues: [{ code, params: { agent: 'MiniMax Code' }, fixes: [] }] });
    const m = trayModel([{ ...s('notes', 'needs-auth'), agent: verdict('no_oauth') }, { ...s('vault', 'needs-auth'), agent: verdict('token_required') }, s('ok', 'connected', 2)]);
    expect(m.tooltip.split('\n')).toEqual(['3 servers · 1 connected · 2 needs login · 2 tools', '2 servers MiniMax Code cannot use']);
    const [notes, vault] = m.menu;
    expect(notes).toMatchObject({ label: 'notes — needs login · MiniMax Code: MiniMax Code cannot log in by OAuth, and this server asks for a login' });
    expect(notes?.kind === 'server' && notes.actions.map((a) => a.action.type)).toEqual(['login', 'reconnect']);
    expect(vault?.kind === 'server' && vault.actions.map((a) => a.action.type)).toEqual(['reconnect']);
    expect(trayModel([{ ...s('notes', 'needs-auth'), agent: verdict('no_oauth') }], 'zh').tooltip).toContain('1 个服务器 MiniMax Code 无法使用');
  });
});

describe('tray over every detected agent (issue 24 item 4)', () => {
  const selected = [s('gh', 'connected', 10), s('fs', 'failed'), s('notes', 'needs-auth')];
  const others = [
    { profile: 'cursor' as const, agent: 'Cursor', servers: [{ name: 'github', enabled: true, sharedWith: 'gh', identity: 'npx gh' }, { name: 'db', enabled: true, sharedWith: null, identity: 'npx db' }] },
    { profile: 'codex' as const, agent: 'Codex CLI', servers: [{ name: 'github', enabled: true, sharedWith: 'gh', identity: 'npx gh' }, { name: 'db', enabled: true, sharedWith: null, identity: 'npx db' }, { name: 'old', enabled: false, sharedWith: null, identity: 'old' }] },
  ];
  const groups = agentGroups('Claude Code', selected, { selected: { gh: 'npx gh', fs: 'npx fs', notes: 'https://notes.example' }, agents: others });

  it('sums all agents in distinct servers and tools (issue 44): a server another agent runs the same way shares its live state and is counted once', () => {
    const m = trayAgentsModel(groups);
    // gh (and its two twins), fs, notes, db (Cursor's and Codex's: one server), old.
    expect(m.tooltip.split('\n')[0]).toBe('3 agents · 5 servers · 1 connected · 1 needs login · 1 failed · 10 tools');
    expect(m.counts).toEqual({ servers: 5, connected: 1, needsAuth: 1, failed: 1, tools: 10 });
    expect(m.aggregate).toBe('failed');
  });

  it('groups the menu per agent; other agents\' servers say what they share or that they are not checked, with nothing to click', () => {
    const m = trayAgentsModel(groups);
    const labels = m.menu.map((i) => ('label' in i ? i.label : i.kind));
    expect(labels).toEqual([
      'Claude Code — 3 servers', 'gh — connected', 'fs — failed', 'notes — needs login', 'separator',
      'Cursor — 2 servers', 'github — connected (as gh)', "db — not checked (the panel runs the selected agent's servers)", 'separator',
      'Codex CLI — 3 servers', 'github — connected (as gh)', "db — not checked (the panel runs the selected agent's servers)", 'old — disabled', 'separator',
      'Open MCP Panel', 'Quit',
    ]);
    const cursorGithub = m.menu.find((i) => i.kind === 'server' && i.label.startsWith('github'));
    expect(cursorGithub?.kind === 'server' && cursorGithub.actions).toEqual([]);
    expect(m.menu.find((i) => i.kind === 'server' && i.id === 'gh')).toMatchObject({ actions: [{ action: { type: 'reconnect', id: 'gh' } }] });
  });

  it('one agent: exactly the single-agent model; Chinese', () => {
    expect(trayAgentsModel([{ agent: 'x', servers: selected }])).toEqual(trayModel(selected));
    // Without the identities (an older host), each row is a server of its own.
    expect(trayAgentsModel(agentGroups('Claude Code', selected, null)).counts.servers).toBe(3);
    expect(trayAgentsModel(groups, 'zh').tooltip.split('\n')[0]).toBe('3 个智能体 · 5 个服务器 · 1 个已连接 · 1 个需要登录 · 1 个失败 · 10 个工具');
  });
});

describe('tray: agents past their tool limits (CTX-1)', () => {
  const offered = (n: number) => Array.from({ length: n }, () => ({ tokens: 10 }));
  const server = (id: string): TrayServerInput => ({ id, name: id, state: 'connected', toolCount: 52 });

  it('one tooltip line per agent past a limit; none for one within it or stating none', async () => {
    const { limitStanding } = await import('../../../shared/context/limits');
    const { profileFacts } = await import('../../../shared/profiles');
    const std = (p: 'cursor' | 'vscode' | 'codex', n: number) => limitStanding(profileFacts(p), offered(n), { contextWindow: 200_000 });
    const m = trayAgentsModel([
      { agent: 'Cursor', servers: [server('a')], limits: std('cursor', 52) },
      { agent: 'VS Code', servers: [server('b')], limits: std('vscode', 52) },
      { agent: 'Codex', servers: [server('c')], limits: std('codex', 500) },
    ]);
    expect(m.overLimits).toEqual(["Cursor: 52 tools, ~520 tokens: over Cursor's 40 in total by 12; Cursor sends only the first 40"]);
    expect(m.tooltip.split('\n')).toContain(m.overLimits[0]);
    // One agent alone: the same line.
    expect(trayAgentsModel([{ agent: 'Cursor', servers: [server('a')], limits: std('cursor', 41) }], 'zh').overLimits).toEqual(['Cursor：41 个工具，约 410 个 token：超出 Cursor 总共 40 个的上限 1 个；Cursor 只发送前 40 个']);
    expect(trayAgentsModel([{ agent: 'Cursor', servers: [server('a')], limits: std('cursor', 40) }]).overLimits).toEqual([]);
  });

  it("agentGroups hands the selected agent's standing (tools.limits) to the tray: the Electron tray and the tab title say it", async () => {
    const { limitStanding } = await import('../../../shared/context/limits');
    const { profileFacts } = await import('../../../shared/profiles');
    const standing = limitStanding(profileFacts('cursor'), offered(52), { contextWindow: 200_000 });
    const m = trayAgentsModel(agentGroups('Cursor', [server('a')], null, standing));
    expect(m.overLimits).toEqual(["Cursor: 52 tools, ~520 tokens: over Cursor's 40 in total by 12; Cursor sends only the first 40"]);
    expect(trayAgentsModel(agentGroups('Cursor', [server('a')], null)).overLimits).toEqual([]);
  });
});
