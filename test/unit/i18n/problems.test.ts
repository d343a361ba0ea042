// Issue 22: the config engine's problems are codes + params, said in the reader's language; the
// English the engine keeps (CLI, logs) is the same text it always printed.
import { describe, expect, it } from 'vitest';
import { loadLayer, readText } from '../../../electron/services/config/layer-loader';
import { sayProblem } from '../../../shared/i18n/problems';
import type { LoadContext } from '../../../shared/profiles/loading';

const ctx = { profile: 'minimax', env: {}, home: '/h', cwd: '/w', workspace: null, panelDataDir: '/d', isTrusted: async () => false } as unknown as LoadContext;

function problemsOf(text: string, layer: 'user' | 'project' = 'user') {
  const l = loadLayer(readText(text, '/h/.minimax/mcp.json'), { path: '/h/.minimax/mcp.json', layer, dialect: 'minimax' }, ctx);
  return { problems: l.problems, servers: l.servers };
}

describe('config problems in both languages', () => {
  it('keep their English and carry a code every language says', () => {
    const { problems, servers } = problemsOf(
      JSON.stringify({
        mcpServers: {
          lit: { command: 'node', env: { TOKEN: '${SOME_TOKEN}' } },
          nocmd: { type: 'stdio' },
          nourl: { type: 'http' },
          both: { type: 'sse', transport: 'http', url: 'https://x' },
          weird: 7,
        },
      }),
    );
    const by = (pointer: string) => problems.find((p) => p.pointer.startsWith(pointer))!;
    expect(by('/mcpServers/lit').message).toBe('lit: MiniMax expands ${VAR} only in project files, so it will send "${SOME_TOKEN}" as written, and so does the panel');
    expect(by('/mcpServers/nocmd').message).toBe('nocmd: command: a stdio server needs "command"');
    expect(by('/mcpServers/nourl').message).toBe('nourl: url: a http server needs "url"');
    expect(by('/mcpServers/both').message).toBe('both: transport: "type" (sse) and "transport" (http) disagree');
    expect(by('/mcpServers/weird').message).toBe('weird: an entry must be a JSON object');
    for (const p of problems) {
      expect(p.note, p.message).toBeDefined();
      expect(sayProblem('en', p.note!)).toBe(p.message);
      // Chinese: no English sentence left (names, fields, quoted keys and ${VAR} may stay), the
      // agent's own phrase for where it expands ${VAR} included.
      const zh = sayProblem('zh', p.note!).replace(/"[^"]*"|\$\{[A-Z_]+\}|[a-z]+(?=[：])|https?:\/\/\S+|MiniMax|JSON|stdio|http|sse/g, '');
      expect(zh, sayProblem('zh', p.note!)).not.toMatch(/[A-Za-z]{4,}/);
      expect(sayProblem('zh', p.note!)).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(sayProblem('zh', by('/mcpServers/lit').note!)).toBe('lit：MiniMax 展开 ${VAR} 的位置：仅在项目文件中；所以它会原样发送 "${SOME_TOKEN}"，面板也一样');
    expect(servers.find((s) => s.name === 'weird')?.errorNote).toEqual({ code: 'entry-not-object', params: {} });
  });

  it('a ${VAR} that is not set: the row error and the problem, with the keychain note', () => {
    const l = loadLayer(
      readText(JSON.stringify({ mcpServers: { gh: { command: 'node', env: { A: '${NOT_SET_A}', B: '${NOT_SET_B}' } } } }), '/w/.mcp.json'),
      { path: '/w/.mcp.json', layer: 'project', dialect: 'minimax' },
      ctx,
    );
    const gh = l.servers[0]!;
    expect(gh.error).toBe('environment variables NOT_SET_A, NOT_SET_B not set; this server is disabled');
    expect(sayProblem('zh', gh.errorNote!)).toBe('环境变量 NOT_SET_A, NOT_SET_B 未设置；此服务器已停用');
    expect(l.problems[0]!.message).toBe(`gh: ${gh.error}`);
    expect(sayProblem('zh', l.problems[0]!.note!)).toBe('gh：环境变量 NOT_SET_A, NOT_SET_B 未设置；此服务器已停用');
  });

  it('a file whose top level is not an object', () => {
    const { problems } = problemsOf('[1, 2]');
    expect(problems[0]!.message).toBe('the top level must be a JSON object');
    expect(sayProblem('zh', problems[0]!.note!)).toBe('文件的顶层必须是一个 JSON 对象');
  });
});
