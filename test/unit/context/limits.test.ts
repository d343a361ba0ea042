// CTX-1: an agent's standing against each kind of limit its profile states, over, at and under.
import { describe, expect, it } from 'vitest';
import { deferField, defersAll, isPast, limitStanding, upFront, type OfferedTool } from '../../../shared/context/limits';
import { profileFacts } from '../../../shared/profiles';
import { PROFILE_IDS } from '../../../shared/profiles/ids';
import type { ToolLimit } from '../../../shared/profiles/types';

const tools = (n: number, tokens = 100, extra: Partial<OfferedTool> = {}): OfferedTool[] => Array.from({ length: n }, () => ({ tokens, ...extra }));
const W = 200_000;
const only = (limits: readonly ToolLimit[]) => ({ id: 'cursor' as const, limits: () => limits });

describe('CTX-1 caps', () => {
  it("says how far over Cursor's 40 the tools are, and that Cursor sends only the first 40", () => {
    const s = limitStanding(profileFacts('cursor'), tools(52), { contextWindow: W });
    expect(s).toMatchObject({ profile: 'cursor', tools: 52, tokens: 5200 });
    expect(s.limits).toEqual([{ kind: 'cap', limit: 40, unit: 'tools', value: 52, over: 12, action: 'truncated', affected: 12, per: 'total' }]);
    expect(isPast(s.limits[0]!)).toBe(true);
  });

  it('at the cap is not over it; under it neither', () => {
    for (const n of [128, 3]) {
      const [l] = limitStanding(profileFacts('vscode'), tools(n), { contextWindow: W }).limits;
      expect(l).toMatchObject({ kind: 'cap', limit: 128, per: 'request', value: n, over: 0, affected: 0, action: 'deferred' });
      expect(isPast(l!)).toBe(false);
    }
    const [over] = limitStanding(profileFacts('vscode'), tools(129), { contextWindow: W }).limits;
    expect(over).toMatchObject({ over: 1, affected: 1 });
  });

  it('Antigravity refuses past 100 in total, Gemini CLI past 512 a request, Windsurf does not say', () => {
    expect(limitStanding(profileFacts('antigravity'), tools(103), { contextWindow: W }).limits[0]).toMatchObject({ limit: 100, over: 3, action: 'refused', per: 'total' });
    expect(limitStanding(profileFacts('gemini'), tools(600), { contextWindow: W }).limits[0]).toMatchObject({ limit: 512, over: 88, action: 'refused', per: 'request' });
    expect(limitStanding(profileFacts('windsurf'), tools(101), { contextWindow: W }).limits[0]).toMatchObject({ limit: 100, over: 1, action: 'unstated' });
  });

  it('an agent that states no limit has none, whatever the count', () => {
    for (const p of ['codex', 'zed', 'opencode', 'goose', 'cline', 'claude-desktop', 'qwen'] as const) {
      const s = limitStanding(profileFacts(p), tools(1000), { contextWindow: W });
      expect(s.limits).toEqual([]);
      expect(s.tools).toBe(1000);
    }
  });
});

describe('CTX-1 deferral thresholds', () => {
  it('Claude Code with ENABLE_TOOL_SEARCH=auto defers once the definitions pass 10 % of the window', () => {
    const env = { ENABLE_TOOL_SEARCH: 'auto' };
    // 10 % of 200k is 20,000 tokens: 200 tools of 100 is at it, 201 is over by 100.
    const at = limitStanding(profileFacts('claude-code'), tools(200), { contextWindow: W, env }).limits[0]!;
    expect(at).toMatchObject({ kind: 'defer-share', limit: 20_000, unit: 'tokens', value: 20_000, over: 0, affected: 0, share: 0.1, window: W, setting: 'ENABLE_TOOL_SEARCH=auto' });
    expect(isPast(at)).toBe(false);
    const over = limitStanding(profileFacts('claude-code'), tools(201), { contextWindow: W, env }).limits[0]!;
    expect(over).toMatchObject({ value: 20_100, over: 100, affected: 201, action: 'deferred' });
    const under = limitStanding(profileFacts('claude-code'), tools(10), { contextWindow: W, env }).limits[0]!;
    expect(under).toMatchObject({ value: 1000, over: 0, affected: 0 });
  });

  it('Claude Code auto:N uses N %, and the window given (a 1M-token model)', () => {
    const [l] = limitStanding(profileFacts('claude-code'), tools(600), { contextWindow: 1_000_000, env: { ENABLE_TOOL_SEARCH: 'auto:5' } }).limits;
    expect(l).toMatchObject({ limit: 50_000, value: 60_000, over: 10_000, affected: 600, share: 0.05, window: 1_000_000 });
  });

  it('Claude Code by default defers every MCP tool; ENABLE_TOOL_SEARCH=false none', () => {
    expect(limitStanding(profileFacts('claude-code'), tools(3), { contextWindow: W }).limits).toEqual([{ kind: 'defer-all', limit: 0, unit: 'tools', value: 3, over: 0, action: 'deferred', affected: 3 }]);
    expect(limitStanding(profileFacts('claude-code'), tools(3), { contextWindow: W, env: { ENABLE_TOOL_SEARCH: 'false' } }).limits).toEqual([]);
    expect(limitStanding(profileFacts('claude-code'), tools(3), { contextWindow: W, env: { ENABLE_TOOL_SEARCH: 'TRUE' } }).limits[0]).toMatchObject({ kind: 'defer-all', setting: 'ENABLE_TOOL_SEARCH=true' });
    // A value the docs do not list: the default, and the variable named without its value.
    expect(limitStanding(profileFacts('claude-code'), tools(3), { contextWindow: W, env: { ENABLE_TOOL_SEARCH: 'auto:0' } }).limits[0]).toMatchObject({ kind: 'defer-all', setting: 'ENABLE_TOOL_SEARCH' });
  });

  it("MiniMax Code counts configured tools only, against its threshold share (env beats the default)", () => {
    const offered = [...tools(100, 400), ...tools(50, 400, { source: 'plugin-local' })];
    const [l] = limitStanding(profileFacts('minimax'), offered, { contextWindow: W }).limits;
    // 15 % of 200k = 30,000; 100 configured × 400 = 40,000 (the plugin's 20,000 are never hidden).
    expect(l).toMatchObject({ kind: 'defer-share', limit: 30_000, value: 40_000, over: 10_000, affected: 100, only: 'configured', whitelist: true });
    const [raised] = limitStanding(profileFacts('minimax'), offered, { contextWindow: W, env: { MAVIS_MCP_TOOL_SEARCH_THRESHOLD_PCT: '0.25' } }).limits;
    expect(raised).toMatchObject({ limit: 50_000, over: 0, affected: 0, setting: 'MAVIS_MCP_TOOL_SEARCH_THRESHOLD_PCT=0.25' });
    expect(limitStanding(profileFacts('minimax'), offered, { contextWindow: W, env: { MAVIS_MCP_TOOL_SEARCH_ENABLED: 'false' } }).limits).toEqual([]);
  });

  it("Copilot CLI defers past 30 tools; Kimi the marked servers' tools; Minara every tool", () => {
    expect(limitStanding(profileFacts('copilot'), tools(30), { contextWindow: W }).limits[0]).toMatchObject({ kind: 'defer-count', limit: 30, over: 0, affected: 0 });
    expect(limitStanding(profileFacts('copilot'), tools(31), { contextWindow: W }).limits[0]).toMatchObject({ over: 1, affected: 31 });
    const kimi = limitStanding(profileFacts('kimi'), [...tools(4, 50, { deferred: true }), ...tools(6)], { contextWindow: W }).limits[0]!;
    expect(kimi).toMatchObject({ kind: 'defer-marked', field: 'deferred', affected: 4, value: 10 });
    // Its own rule, not a limit passed.
    expect(isPast(kimi)).toBe(false);
    expect(limitStanding(profileFacts('kimi'), tools(6), { contextWindow: W }).limits[0]).toMatchObject({ affected: 0 });
    expect(limitStanding(profileFacts('minara'), tools(7), { contextWindow: W }).limits[0]).toMatchObject({ kind: 'defer-all', affected: 7 });
  });

  it('a share with its own window ignores the one given', () => {
    const [l] = limitStanding(only([{ kind: 'defer-share', share: 0.5, window: 1000 }]), tools(6), { contextWindow: W }).limits;
    expect(l).toMatchObject({ limit: 500, value: 600, over: 100, window: 1000 });
  });
});

describe('CTX-1 in words', () => {
  it("says the Cursor line of the issue, and the Claude Code deferral, in English and Chinese", async () => {
    const { standingLine } = await import('../../../shared/i18n/limits');
    const cursor = limitStanding(profileFacts('cursor'), tools(52), { contextWindow: W });
    expect(standingLine('en', 'Cursor', cursor)).toBe("52 tools, ~5,200 tokens: over Cursor's 40 in total by 12; Cursor sends only the first 40");
    expect(standingLine('zh', 'Cursor', cursor)).toBe('52 个工具，约 5,200 个 token：超出 Cursor 总共 40 个的上限 12 个；Cursor 只发送前 40 个');
    const claude = limitStanding(profileFacts('claude-code'), tools(201), { contextWindow: W, env: { ENABLE_TOOL_SEARCH: 'auto' } });
    expect(standingLine('en', 'Claude Code', claude)).toBe('201 tools, ~20,100 tokens: Claude Code will defer these 201: above 10% of a 200K window, by ~100 tokens (ENABLE_TOOL_SEARCH=auto)');
    expect(standingLine('en', 'Codex', limitStanding(profileFacts('codex'), tools(1), { contextWindow: W }))).toBe('1 tool, ~100 tokens: Codex states no tool limit');
  });

  it('the tray line is there only for an agent past a limit', async () => {
    const { standingLine } = await import('../../../shared/i18n/limits');
    expect(standingLine('en', 'Cursor', limitStanding(profileFacts('cursor'), tools(40), { contextWindow: W }), { pastOnly: true })).toBeNull();
    expect(standingLine('en', 'Codex', limitStanding(profileFacts('codex'), tools(400), { contextWindow: W }), { pastOnly: true })).toBeNull();
    expect(standingLine('en', 'Cursor', limitStanding(profileFacts('cursor'), tools(41), { contextWindow: W }), { pastOnly: true })).toContain('by 1');
    // Claude Code defers every tool by default: its rule, not a limit passed, so no tray line; past 10 % under `auto`, one.
    expect(standingLine('en', 'Claude Code', limitStanding(profileFacts('claude-code'), tools(500), { contextWindow: W }), { pastOnly: true })).toBeNull();
    expect(standingLine('en', 'Claude Code', limitStanding(profileFacts('claude-code'), tools(500), { contextWindow: W, env: { ENABLE_TOOL_SEARCH: 'auto' } }), { pastOnly: true })).toContain('above 10% of a 200K window');
  });
});

describe('CTX-2 what is up front, and the field that defers a server', () => {
  it('a tool the agent defers is not up front; a skill always is', () => {
    expect(upFront([...tools(3, 100), ...tools(2, 50, { deferred: true }), { tokens: 7, skill: true, deferred: true }])).toEqual({ tokens: 307, deferred: 2 });
  });

  it('only Claude Code leaves a tool its rules deny out of the context itself (its start-up line; Qwen Code keeps it listed)', () => {
    expect(PROFILE_IDS.filter((p) => profileFacts(p).rules.denyHides)).toEqual(['claude-code']);
  });

  it("Claude Code's tool search, unset or on, defers every tool (skills stay); `auto` and `false` decide otherwise", () => {
    const claude = profileFacts('claude-code');
    expect(defersAll(claude, {})).toBe(true);
    expect(defersAll(claude, { ENABLE_TOOL_SEARCH: 'true' })).toBe(true);
    expect(defersAll(claude, { ENABLE_TOOL_SEARCH: 'auto' })).toBe(false);
    expect(defersAll(claude, { ENABLE_TOOL_SEARCH: 'false' })).toBe(false);
    expect(defersAll(profileFacts('codex'), {})).toBe(false);
    expect(upFront([...tools(3, 100), { tokens: 7, skill: true }], defersAll(claude, {}))).toEqual({ tokens: 7, deferred: 3 });
  });

  it("only Kimi defers one server by a field of its entry (seed 002); Minara defers every tool itself, MiniMax Code and Claude Code by a threshold", () => {
    expect(deferField(profileFacts('kimi'))).toBe('deferred');
    for (const p of ['minara', 'minimax', 'claude-code', 'codex', 'gemini'] as const) expect(deferField(profileFacts(p))).toBeNull();
  });
});
