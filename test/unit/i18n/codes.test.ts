// UI-9: every code the host sends has a sentence in both languages, and the one formatter per
// family joins sentence, params and raw detail the same way for the renderer and the CLI.
import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../../../shared/i18n';
import { describeReason, reasonSentence } from '../../../shared/i18n/reasons';
import { writeErrorText, writeTextOf } from '../../../shared/i18n/write-errors';
import { ReasonCodeSchema } from '../../../shared/schemas/server';
import { WRITE_ERROR_CODES } from '../../../shared/schemas/write-error';
import { refuse } from '../../../electron/services/config/writer/errors';
import { DEFAULT_DISCLOSURE_OPTIONS } from '../../../shared/disclosure/options';
import { planDisclosure, type ExplanationCode } from '../../../shared/disclosure/plan';
import { LayerNoteCodeSchema, NamingWarningSchema, ProfileNoteCodeSchema } from '../../../shared/schemas/notes';
import { translateCode, translator } from '../../../shared/i18n';
import { en } from '../../../shared/i18n/messages';
import { errorText } from '../../../shared/i18n/write-errors';
import { toRpcError } from '../../../shared/errors';
import { findInlineSecrets } from '../../../shared/secrets/secret-rules';
import { hostError } from '../../../electron/services/handlers/refusal';
import { convertEntry } from '../../../electron/services/config/import/convert';

const han = /\p{Script=Han}/u;

describe('reason codes (server states)', () => {
  it('have an English and a Chinese sentence each', () => {
    for (const code of ReasonCodeSchema.options) {
      const key = `reason.${code}` as MessageKey;
      expect(translate('en', key), code).not.toBe(key);
      expect(translate('zh', key), code).toMatch(han);
    }
  });

  it('fill params and put the raw detail after the sentence', () => {
    expect(describeReason('en', { code: 'spawn_failed', reason: 'spawn nope ENOENT' })).toBe('the server could not be started: check its command: spawn nope ENOENT');
    expect(describeReason('zh', { code: 'spawn_failed', reason: 'spawn nope ENOENT' })).toBe('无法启动服务器：请检查其命令: spawn nope ENOENT');
    expect(reasonSentence('zh', { code: 'idle_closed', params: { seconds: 300 } })).toBe('空闲 300 秒：连接已关闭，下次使用时重新打开');
    expect(describeReason('en', { code: 'removed', reason: '' })).toBe('removed from the configuration');
  });
});

describe('writer refusal codes', () => {
  it('have an English and a Chinese sentence each', () => {
    for (const code of WRITE_ERROR_CODES) {
      const key = `write.${code}` as MessageKey;
      expect(translate('en', key), code).not.toBe(key);
      expect(translate('zh', key), code).toMatch(han);
    }
  });

  it('give the English message from the catalogue, and the key and params for other languages', () => {
    const r = refuse('write.encoding', { path: '/p/mcp.json', offset: 43 });
    expect(r.error.code).toBe('encoding');
    expect(r.error.message).toBe('/p/mcp.json: the file is not valid UTF-8 (byte offset 43); fix or re-save it as UTF-8 by hand, the panel never rewrites it');
    expect(writeErrorText('zh', r.error.text!)).toBe('/p/mcp.json: 该文件不是有效的 UTF-8（字节偏移 43）；请手动修复或另存为 UTF-8，面板不会重写它');
    const parse = refuse('write.parse_error', { line: 2, column: 5 }, { detail: 'value expected' });
    expect(parse.error.message).toBe('the file does not parse (line 2, column 5); fix it by hand, the panel never overwrites it: value expected');
  });

  it('reads the text off a refusal that crossed the boundary, and nothing else', () => {
    expect(writeTextOf({ reason: 'exists', text: { key: 'write.exists', params: { name: 'a' } } })).toEqual({ key: 'write.exists', params: { name: 'a' } });
    expect(writeTextOf({ reason: 'exists' })).toBeNull();
    expect(writeTextOf(undefined)).toBeNull();
  });
});

describe('notes: disclosure verdict and profile note, naming warnings, layer notes', () => {
  const explanationCodes: readonly ExplanationCode[] = ['disabled', 'whitelist-empty', 'model-not-whitelisted', 'below-min-defer-count', 'under-threshold', 'over-threshold'];
  const families: [string, readonly string[]][] = [
    ['disc.why', explanationCodes],
    ['disc.profile', ProfileNoteCodeSchema.options],
    ['naming.warn', NamingWarningSchema.shape.code.options],
    ['layer.note', LayerNoteCodeSchema.options],
  ];

  it('have an English and a Chinese sentence for every code', () => {
    for (const [prefix, codes] of families) {
      for (const code of codes) {
        expect(translateCode('en', prefix, { code }), `${prefix}.${code}`).not.toBe(code);
        expect(translateCode('zh', prefix, { code }), `${prefix}.${code}`).toMatch(han);
      }
    }
  });

  it('the plan carries its verdict as a code, and the English from the same catalogue', () => {
    const options = { ...DEFAULT_DISCLOSURE_OPTIONS, modelWhitelist: [] };
    const p = planDisclosure({ tools: [], model: 'm', contextWindow: 1000, options });
    expect(p.why).toEqual({ code: 'whitelist-empty', params: {} });
    expect(p.explanation).toBe('the model whitelist is empty, so it matches no model: every tool stays inline');
    expect(translator('zh').code('disc.why', p.why)).toBe('模型白名单为空，不匹配任何模型：所有工具都保持内联');
  });

  it('says a naming warning with its params, and shows an unknown code as itself', () => {
    const w = { code: 'renamed', params: { profile: 'kimi', name: 'a_2', taken: 'a' } };
    expect(translateCode('en', 'naming.warn', w)).toBe('kimi: renamed to a_2 because a is taken');
    expect(translateCode('zh', 'naming.warn', w)).toBe('kimi：已重命名为 a_2，因为 a 已被占用');
    expect(translateCode('zh', 'naming.warn', { code: 'from-a-newer-host' })).toBe('from-a-newer-host');
  });
});

describe('handler refusals, import reasons and inline-secret fixes (UI-9)', () => {
  it('a handler refusal carries its key: English message for the CLI, Chinese for the page', () => {
    const e = hostError('refused', 'host.login_running', { name: 'gh' });
    expect(e.message).toBe('a login for "gh" is already running; finish it in the browser or cancel it');
    expect(errorText('zh', toRpcError(e))).toBe('"gh" 的登录已在进行中；请在浏览器中完成或取消它');
    const withDetail = toRpcError(hostError('refused', 'host.cannot_connect', { name: 'x' }, { detail: 'spawn nope ENOENT', data: { reason: 'r' } }));
    expect(withDetail.message).toBe('"x" cannot connect: spawn nope ENOENT');
    expect(withDetail.data).toMatchObject({ reason: 'r' });
    expect(errorText('zh', withDetail)).toBe('"x" 无法连接: spawn nope ENOENT');
    expect(errorText('zh', { message: 'from an older host' })).toBe('from an older host');
  });

  it('every host, import and secret sentence is in Chinese too', () => {
    for (const key of Object.keys(en).filter((k) => /^(host|secret|editor\.import(Why|Note))\./.test(k))) {
      expect(translate('zh', key as MessageKey), key).toMatch(han);
    }
  });

  it('an import skip and a conversion note: English from the catalogue, the code for the page', () => {
    const minara = convertEntry({ command: 'npx' }, 'minara', null);
    expect(minara).toMatchObject({ ok: false, error: { reason: 'minara connects to streamable-HTTP servers only; this is a stdio server', why: { code: 'http_only' } } });
    if (minara.ok) return;
    expect(translateCode('zh', 'editor.importWhy', minara.error.why)).toBe('minara 只连接 streamable-HTTP 服务器；这是一个 stdio 服务器');
    const vscode = convertEntry({ command: 'node', env: { K: '${input:api-key}' } }, 'kimi', null);
    if (!vscode.ok) throw new Error('should convert');
    expect(vscode.value.notes).toEqual(['${input:api-key} became the environment reference ${API_KEY}: export API_KEY where the agent runs']);
    expect(translateCode('zh', 'editor.importNote', vscode.value.noteCodes[0]!)).toBe('${input:api-key} 已改为环境变量引用 ${API_KEY}：请在智能体运行的环境中导出 API_KEY');
  });

  it('an inline-secret finding says its hint and fix from codes', () => {
    const [f] = findInlineSecrets({ command: 'x', env: { GITHUB_TOKEN: 'ghp_abcdefghij1234567890' } });
    expect(f).toMatchObject({ pointer: '/env/GITHUB_TOKEN', hint: 'literal value, 24 characters', length: 24, fixCode: 'env' });
    expect(f!.fix).toBe('reference the variable from the agent\'s environment instead: "GITHUB_TOKEN": "${GITHUB_TOKEN}"');
    expect(translateCode('zh', 'secret.fix', { code: f!.fixCode, params: f!.fixParams })).toBe('改为引用智能体环境中的变量："GITHUB_TOKEN": "${GITHUB_TOKEN}"');
    expect(f).not.toHaveProperty('secrets');
  });
});
