// Codes the host sends instead of English (UI-9), besides server states and writer refusals:
// the disclosure verdict and profile note, naming warnings, and notes on a layer. Each family's
// `satisfies` makes a code without a sentence a type error.
import type { ExplanationCode } from '../../disclosure/plan';
import type { LayerNoteCode, NamingWarningCode, ProfileNoteCode } from '../../schemas/notes';
import { messages } from './define';

type Keyed<Prefix extends string, Code extends string> = Record<`${Prefix}.${Code}`, string>;

const why = {
  'disc.why.disabled': 'tool search is disabled (MAVIS_MCP_TOOL_SEARCH_ENABLED / mcpToolSearch.enabled)',
  'disc.why.whitelist-empty': 'the model whitelist is empty, so it matches no model: every tool stays inline',
  'disc.why.model-not-whitelisted': '{model} matches no whitelist entry ({list})',
  'disc.why.below-min-defer-count': '{n} configured tools, fewer than minDeferCount {min}',
  'disc.why.under-threshold': '{tokens} tokens ≤ {pct} × {window} = {threshold}',
  'disc.why.over-threshold': '{tokens} tokens > {pct} × {window} = {threshold}: configured tools move behind tool_search',
  'disc.why.select-tools': '{n} tools of {servers} servers marked "deferred": true stay out of the tool table and load through select_tools',
  'disc.why.select-tools-none': 'no server is marked "deferred": true, so every tool is in the tool table',
  'disc.why.defer-loading': 'every MCP tool carries defer_loading: its schema is fetched through tool_search ({n} tools)',
} as const satisfies Keyed<'disc.why', ExplanationCode>;

const profile = {
  'disc.profile.kimi-deferred': 'kimi loads a "deferred" server’s tools through select_tools when the model can load tools on demand and its tool-select switch is on',
  'disc.profile.kimi-none-deferred': 'kimi: mark a server "deferred": true in its entry to load its tools on demand',
  'disc.profile.minara': 'minara: the threshold and whitelist below are MiniMax Code’s options and do not apply',
} as const satisfies Keyed<'disc.profile', ProfileNoteCode>;

const naming = {
  'naming.warn.dropped': '{profile}: dropped, "{name}" already belongs to {owner}',
  'naming.warn.wrapped': '{profile}: hidden behind {by} (subagent)',
  'naming.warn.needs-auth': '{profile}: not shown (server needs authentication)',
  'naming.warn.late': '{profile}: not shown this turn (the server answered after its discovery budget)',
  'naming.warn.refused': '{profile}: left out, the agent refuses the name ({reason})',
  'naming.warn.renamed': '{profile}: renamed to {name} because {taken} is taken',
  'naming.warn.differs': '{profile}: {name} differs from the raw name "{raw}" (sanitised or shortened)',
  'naming.warn.too-long': '{profile}: {name} is {length} characters, over the {max} the model API takes: the model API will reject this (the agent does not shorten it)',
} as const satisfies Keyed<'naming.warn', NamingWarningCode>;

const layer = {
  'layer.note.v1-ignored-env': '{name} is ignored because MCP_SERVERS define servers',
  'layer.note.v1-ignored-files': '{name} is ignored because the config files define servers',
  'layer.note.env-short-circuit': 'MCP_SERVERS is set, so this file is not read',
} as const satisfies Keyed<'layer.note', LayerNoteCode>;

export const notes = messages({
  en: { ...why, ...profile, ...naming, ...layer },
  zh: {
    'disc.why.disabled': '工具搜索已关闭（MAVIS_MCP_TOOL_SEARCH_ENABLED / mcpToolSearch.enabled）',
    'disc.why.whitelist-empty': '模型白名单为空，不匹配任何模型：所有工具都保持内联',
    'disc.why.model-not-whitelisted': '{model} 不匹配任何白名单条目（{list}）',
    'disc.why.below-min-defer-count': '{n} 个已配置工具，少于 minDeferCount {min}',
    'disc.why.under-threshold': '{tokens} 个 token ≤ {pct} × {window} = {threshold}',
    'disc.why.over-threshold': '{tokens} 个 token > {pct} × {window} = {threshold}：已配置的工具移到 tool_search 之后',
    'disc.why.select-tools': '{servers} 个标记为 "deferred": true 的服务器的 {n} 个工具不进入工具表，通过 select_tools 加载',
    'disc.why.select-tools-none': '没有服务器标记为 "deferred": true，所有工具都在工具表中',
    'disc.why.defer-loading': '每个 MCP 工具都带有 defer_loading：其 schema 通过 tool_search 获取（{n} 个工具）',
    'disc.profile.kimi-deferred': '当模型支持按需加载工具且打开了 tool-select 开关时，kimi 会通过 select_tools 加载 "deferred" 服务器的工具',
    'disc.profile.kimi-none-deferred': 'kimi：在服务器条目中写上 "deferred": true，即可按需加载它的工具',
    'disc.profile.minara': 'minara：下面的阈值和白名单是 MiniMax Code 的选项，对它不适用',
    'naming.warn.dropped': '{profile}：已丢弃，"{name}" 已属于 {owner}',
    'naming.warn.wrapped': '{profile}：隐藏在 {by} 之后（子智能体）',
    'naming.warn.needs-auth': '{profile}：未显示（服务器需要认证）',
    'naming.warn.late': '{profile}：这一回合不显示（服务器在发现预算之后才应答）',
    'naming.warn.refused': '{profile}：未提供，该智能体拒绝这个名字（{reason}）',
    'naming.warn.renamed': '{profile}：已重命名为 {name}，因为 {taken} 已被占用',
    'naming.warn.differs': '{profile}：{name} 与原始名称 "{raw}" 不同（经过清理或缩短）',
    'naming.warn.too-long': '{profile}：{name} 有 {length} 个字符，超过模型 API 接受的 {max} 个：模型 API 会拒绝它（该智能体不会缩短名称）',
    'layer.note.v1-ignored-env': '{name} 被忽略，因为 MCP_SERVERS 定义了服务器',
    'layer.note.v1-ignored-files': '{name} 被忽略，因为配置文件定义了服务器',
    'layer.note.env-short-circuit': '已设置 MCP_SERVERS，因此不读取此文件',
  },
});
