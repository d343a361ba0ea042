// Problems the config engine finds in a file or an entry (CFG-5), as codes + params (UI-9):
// the renderer says them in the user's language; the engine keeps the English of the same key
// as the problem's `message` for the CLI and logs. `{detail}` is a parser's or a validator's
// own words (not translatable). An entry's problem carries the entry's name beside its code
// (ProblemNote.server): the page and the CLI put it in front, "name: sentence".
import type { ProblemCode } from '../../schemas/notes';
import { messages } from './define';

type Keyed<Code extends string> = Record<`problem.${Code}`, string>;

const en = {
  'problem.top-not-object': 'the top level must be a JSON object',
  'problem.not-array': 'must be a JSON array of server entries',
  'problem.servers-twice': '"{key}" appears twice; the agent uses only the last one: merge them by hand',
  'problem.not-utf8': 'not valid UTF-8 (first bad byte at offset {offset}): names and values are shown with \uFFFD in place of the bad bytes, and the agent may read them otherwise; the panel will not rewrite this file: save it as UTF-8',
  'problem.servers-not-object': '"{key}" must be an object of name → entry',
  'problem.needs-id': 'an MCP_SERVERS entry needs an "id"',
  'problem.entry-unreadable': 'could not be read: {detail}',
  'problem.entry-too-deep': 'nested more than {depth} levels deep; ignored',
  'problem.entry-not-object': 'an entry must be a JSON object',
  'problem.field': '{field}: {detail}',
  'problem.needs-command': '{field}: a stdio server needs "command"',
  'problem.needs-url': '{field}: a {transport} server needs "url"',
  'problem.needs-target': '{field}: needs "command" (stdio) or "url" (http/sse), or an explicit "{key}"',
  'problem.type-transport': '{field}: "type" ({type}) and "transport" ({transport}) disagree',
  'problem.not-http-url': '{field}: must be an http:// or https:// URL',
  'problem.var-unset-one': 'environment variable {vars} not set; this server is disabled',
  'problem.var-unset-many': 'environment variables {vars} not set; this server is disabled',
  'problem.var-misplaced-one': ' ({vars} is in the keychain, which fills in only env and headers)',
  'problem.var-misplaced-many': ' ({vars} are in the keychain, which fills in only env and headers)',
  'problem.var-elsewhere-one': '; {vars} is kept in the keychain for another entry named "{name}", and this entry needs its own: mcp-panel secrets set {name} {first} --layer {layer}',
  'problem.var-elsewhere-many': '; {vars} are kept in the keychain for another entry named "{name}", and this entry needs its own: mcp-panel secrets set {name} {first} --layer {layer}',
  'problem.reserved-name': '"{name}" is a reserved server name in project files',
  'problem.keychain-list': 'could not list the variables kept in the keychain: {detail}',
  'problem.literal-vars': '{agent} expands ${VAR} {where}, so it will send {vars} as written, and so does the panel',
  'problem.var-kept-one': '{vars} is not set, so {agent} sends "${{first}}" as written, and so does the panel',
  'problem.var-kept-many': '{vars} are not set, so {agent} sends "${{first}}" as written, and so does the panel',
  'problem.agent-skips': '{agent} skips this entry: {reason}',
  'problem.servers-key-missing': '{agent} cannot read this file: it has no "{key}" object, which {agent} requires',
  'problem.servers-key-missing-found': '{agent} cannot read this file: it has no "{key}" object, so it reads none of {names} at the top level: move them under "{key}"',
  'problem.servers-key-unread': '"{found}" holds {names}, but {agent} reads servers only under "{key}": move them there',
  'problem.servers-top-level': 'the top level holds {names}, but {agent} reads servers only under "{key}": move them there',
  'problem.file-ref-missing': '{agent} refuses this whole file, and so starts none of its servers: {ref} names {path}, which does not exist: create it, or remove the reference',
  'problem.input-undeclared': 'input {ids} is not declared in "inputs": {agent} has nothing to ask for it; declare it there',
} as const satisfies Keyed<ProblemCode>;

export const problems = messages({
  en,
  zh: {
    'problem.top-not-object': '文件的顶层必须是一个 JSON 对象',
    'problem.not-array': '必须是由服务器条目组成的 JSON 数组',
    'problem.servers-twice': '"{key}" 出现了两次；智能体只使用最后一个：请手动合并它们',
    'problem.not-utf8': '不是有效的 UTF-8（第一个错误字节位于偏移 {offset}）：名称和值中的错误字节显示为 \uFFFD，智能体可能以其他方式读取；面板不会改写此文件：请以 UTF-8 保存',
    'problem.servers-not-object': '"{key}" 必须是“名称 → 条目”的对象',
    'problem.needs-id': 'MCP_SERVERS 中的条目需要一个 "id"',
    'problem.entry-unreadable': '无法读取：{detail}',
    'problem.entry-too-deep': '嵌套超过 {depth} 层；已忽略',
    'problem.entry-not-object': '条目必须是一个 JSON 对象',
    'problem.field': '{field}：{detail}',
    'problem.needs-command': '{field}：stdio 服务器需要 "command"',
    'problem.needs-url': '{field}：{transport} 服务器需要 "url"',
    'problem.needs-target': '{field}：需要 "command"（stdio）或 "url"（http/sse），或明确写出 "{key}"',
    'problem.type-transport': '{field}："type"（{type}）与 "transport"（{transport}）不一致',
    'problem.not-http-url': '{field}：必须是 http:// 或 https:// 开头的 URL',
    'problem.var-unset-one': '环境变量 {vars} 未设置；此服务器已停用',
    'problem.var-unset-many': '环境变量 {vars} 未设置；此服务器已停用',
    'problem.var-misplaced-one': '（{vars} 在钥匙串中，而钥匙串只填入 env 和 headers）',
    'problem.var-misplaced-many': '（{vars} 在钥匙串中，而钥匙串只填入 env 和 headers）',
    'problem.var-elsewhere-one': '；{vars} 保存在钥匙串中，但属于另一个名为 "{name}" 的条目，此条目需要在自己的层中另存一份：mcp-panel secrets set {name} {first} --layer {layer}',
    'problem.var-elsewhere-many': '；{vars} 保存在钥匙串中，但属于另一个名为 "{name}" 的条目，此条目需要在自己的层中另存一份：mcp-panel secrets set {name} {first} --layer {layer}',
    'problem.reserved-name': '"{name}" 是项目文件中的保留服务器名',
    'problem.keychain-list': '无法列出钥匙串中保存的变量：{detail}',
    'problem.literal-vars': '{agent} 展开 ${VAR} 的位置：{where}；所以它会原样发送 {vars}，面板也一样',
    'problem.var-kept-one': '{vars} 未设置，所以 {agent} 会原样发送 "${{first}}"，面板也一样',
    'problem.var-kept-many': '{vars} 未设置，所以 {agent} 会原样发送 "${{first}}"，面板也一样',
    'problem.agent-skips': '{agent} 会跳过此条目：{reason}',
    'problem.servers-key-missing': '{agent} 无法读取此文件：其中没有 {agent} 要求的 "{key}" 对象',
    'problem.servers-key-missing-found': '{agent} 无法读取此文件：其中没有 "{key}" 对象，所以顶层的 {names} 都不会被读取：请把它们移到 "{key}" 下',
    'problem.servers-key-unread': '"{found}" 中有 {names}，但 {agent} 只读取 "{key}" 下的服务器：请把它们移到那里',
    'problem.servers-top-level': '顶层有 {names}，但 {agent} 只读取 "{key}" 下的服务器：请把它们移到那里',
    'problem.file-ref-missing': '{agent} 会拒绝整个文件，因此不启动其中任何服务器：{ref} 指向的 {path} 不存在：请创建它，或删除这个引用',
    'problem.input-undeclared': '输入 {ids} 没有在 "inputs" 中声明：{agent} 无从询问它；请在那里声明',
  },
});
