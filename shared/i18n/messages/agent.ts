// The agent's-eye verdict (shared/schemas/agent-view.ts) in words: the badge, each issue and
// each fix, for the servers row, the tray and `status`. `satisfies` makes a new code without a
// sentence a type error.
import type { AgentFixKind, AgentIssueCode, AgentStatus } from '../../schemas/agent-view';
import { messages } from './define';

type Keyed<Prefix extends string, Code extends string> = Record<`${Prefix}.${Code}`, string>;

const enStatus = {
  'agent.status.usable': 'usable',
  'agent.status.limited': 'log in first',
  'agent.status.unusable': 'unusable',
  'agent.status.off': 'off',
  'agent.status.unknown': 'not checked',
} as const satisfies Keyed<'agent.status', AgentStatus>;

const enIssue = {
  'agent.issue.no_oauth': '{agent} cannot log in by OAuth, and this server asks for a login',
  'agent.issue.login_tool': '{agent} shows {tool} in place of its tools until you log in through it',
  'agent.issue.token_required': 'this server wants a token: it answered 401 and offers no OAuth login, so there is nothing to log in to',
  'agent.issue.var_literal': '{agent} does not expand ${VAR} in this entry’s {fields}: it sends {vars} as written',
  'agent.issue.var_keychain': '{vars} is kept in the panel’s keychain, which {agent} cannot read',
  'agent.issue.var_unset': '{vars} is not set in this environment: {agent} disables the server',
  'agent.issue.transport': '{agent} cannot connect over {transport}',
  'agent.issue.slow': '{agent} gets no tools from it this turn: answered in {seconds} s, budget {budgetSeconds} s',
  'agent.issue.slow_session': '{agent} marks it failed for the whole session: it answered in {seconds} s, over {agent}’s startup timeout of {budgetSeconds} s, and {agent} does not try again until restarted',
  'agent.issue.fails': 'it fails for {agent} too',
  'agent.issue.config_error': 'the entry cannot be used as written: {error}',
  'agent.issue.untrusted': 'not checked: the workspace is not trusted, so the panel has not started it',
  'agent.issue.agent_trust': '{agent} reads this file only once you trust the workspace in {agent} itself',
  'agent.issue.agent_untrusted': '{agent} has not trusted this workspace, so it does not read this file: trust the folder in {agent} when it asks',
  'agent.issue.agent_void': '{agent} loads none of its MCP servers: {file} {pointer} holds what it refuses ({reason})',
  'agent.issue.subagent': '{agent} shows this server as one tool, {tool}',
} as const satisfies Keyed<'agent.issue', AgentIssueCode>;

const enFix = {
  'agent.fix.bridge': 'Use it through the bridge (the panel’s login and keychain)',
  'agent.fix.project_file': 'Move the entry to the {layer} file, where the agent expands ${VAR}',
  'agent.fix.token_env': 'Read the token from a variable: "{field}": "{variable}"',
  'agent.fix.keychain': 'Keep {vars} in the panel’s keychain and use the bridge',
  'agent.fix.set_env': 'Set {vars} in the environment the agent starts with',
  'agent.fix.trust': 'Trust the workspace',
  'agent.fix.timeout': 'Raise "{field}" above {ms} ms',
} as const satisfies Keyed<'agent.fix', AgentFixKind>;

export const agent = messages({
  en: {
    ...enStatus,
    ...enIssue,
    ...enFix,
    'agent.title': 'What {agent} does with it',
    'agent.fixes': 'What to do',
    'agent.label': '{agent}: {status}',
    'agent.tray.unusable_one': '{n} server {agent} cannot use',
    'agent.tray.unusable_other': '{n} servers {agent} cannot use',
    'agent.tray.row': '{agent}: {issue}',
  },
  zh: {
    'agent.status.usable': '可用',
    'agent.status.limited': '需先登录',
    'agent.status.unusable': '不可用',
    'agent.status.off': '已关闭',
    'agent.status.unknown': '未检查',
    'agent.issue.no_oauth': '{agent} 不支持 OAuth 登录，而这个服务器要求登录',
    'agent.issue.login_tool': '在你通过 {tool} 登录之前，{agent} 只显示这个工具，不显示服务器的工具',
    'agent.issue.token_required': '这个服务器需要令牌：它返回 401 且不提供 OAuth 登录，没有可以登录的地方',
    'agent.issue.var_literal': '{agent} 不会展开此条目 {fields} 中的 ${VAR}：它会按原文发送 {vars}',
    'agent.issue.var_keychain': '{vars} 保存在面板的钥匙串中，{agent} 无法读取',
    'agent.issue.var_unset': '此环境中没有设置 {vars}：{agent} 会停用这个服务器',
    'agent.issue.transport': '{agent} 无法通过 {transport} 连接',
    'agent.issue.slow': '{agent} 这一回合得不到它的工具：它用了 {seconds} 秒才应答，预算为 {budgetSeconds} 秒',
    'agent.issue.slow_session': '{agent} 会在整个会话中把它标为失败：它用了 {seconds} 秒才应答，超过了 {agent} 的启动超时 {budgetSeconds} 秒，重启 {agent} 之前不会再试',
    'agent.issue.fails': '对 {agent} 也会失败',
    'agent.issue.config_error': '此条目无法按原样使用：{error}',
    'agent.issue.untrusted': '未检查：工作区未受信任，面板尚未启动它',
    'agent.issue.agent_trust': '只有在 {agent} 中信任此工作区后，{agent} 才会读取这个文件',
    'agent.issue.agent_untrusted': '{agent} 还没有信任此工作区，因此不读取这个文件：在 {agent} 询问时信任该文件夹',
    'agent.issue.agent_void': '{agent} 不加载任何 MCP 服务器：{file} {pointer} 中有它拒绝的内容（{reason}）',
    'agent.issue.subagent': '{agent} 把这个服务器显示为一个工具：{tool}',
    'agent.fix.bridge': '通过桥接使用（使用面板的登录和钥匙串）',
    'agent.fix.project_file': '把条目移到 {layer} 层的文件中，智能体会在那里展开 ${VAR}',
    'agent.fix.token_env': '从变量读取令牌："{field}": "{variable}"',
    'agent.fix.keychain': '把 {vars} 保存在面板的钥匙串中，并通过桥接使用',
    'agent.fix.set_env': '在智能体启动时的环境中设置 {vars}',
    'agent.fix.trust': '信任此工作区',
    'agent.fix.timeout': '把 "{field}" 调到 {ms} 毫秒以上',
    'agent.title': '{agent} 会怎样使用它',
    'agent.fixes': '怎么做',
    'agent.label': '{agent}：{status}',
    'agent.tray.unusable_one': '{n} 个服务器 {agent} 无法使用',
    'agent.tray.unusable_other': '{n} 个服务器 {agent} 无法使用',
    'agent.tray.row': '{agent}：{issue}',
  },
});
