// Codes the host sends instead of English (UI-9): why a server is in its state. One sentence
// per code in each language; `satisfies` makes a new ReasonCode without a sentence a type error.
import type { ReasonCode } from '../../schemas/server';
import { messages } from './define';

type Keyed<Prefix extends string, Code extends string> = Record<`${Prefix}.${Code}`, string>;

const en = {
  'reason.not_connected': 'not connected yet (connects on first use or discovery)',
  'reason.reconnecting': 'reconnecting',
  'reason.connected': 'connected',
  'reason.idle_closed': 'idle for {seconds} s: connection closed, reopens on first use',
  'reason.auth_required': 'the server answered 401: log in to connect',
  'reason.spawn_failed': 'the server could not be started: check its command',
  'reason.exited': 'the server process exited',
  'reason.connection_closed': 'the connection closed',
  'reason.timeout': 'the server did not answer in time',
  'reason.discovery_timeout': 'did not answer within its {ms} ms discovery budget; tried again next round',
  'reason.command_timeout': 'did not answer within the {ms} ms this command waits for its servers',
  'reason.http_error': 'the server answered with HTTP error {status}',
  'reason.protocol_error': 'the server broke the MCP protocol',
  'reason.too_many_tools': 'the server offers more tools than allowed',
  'reason.connect_failed': 'could not connect',
  'reason.removed': 'removed from the configuration',
  'reason.disabled_in_config': 'disabled in the configuration',
  'reason.untrusted': 'workspace not trusted: trust it (CLI: `trust --workspace DIR`) to allow this project layer',
  'reason.config_error': 'the entry cannot be used',
  'reason.command_not_found': '{command} is not on the PATH the server starts with ({path}): install it, or write its full path in the entry',
  'reason.command_elsewhere': '{command} is not on the PATH the server starts with ({path}); the login shell finds it: use {found}',
  'reason.not_executable': '{file} is there but is not an executable file: chmod +x {file}, or make its interpreter the command',
  'reason.interpreter_missing': '{file} starts with #!{interpreter}, which is not there: install it, or fix the #! line',
  'reason.exited_at_once': 'the server exited before it answered (exit {exit})',
  'reason.node_engine': 'the npx package {package} needs Node {engines}, but the node on its PATH is {node}: install a matching Node, or put one first on PATH',
  'reason.variable_unset': "the variable ${variable} is not set: set it where the panel starts, or in the entry's env",
  'reason.cwd_missing': "its working directory {cwd} does not exist: create it, or fix the entry's cwd",
} as const satisfies Keyed<'reason', ReasonCode>;

export const reasons = messages({
  en,
  zh: {
    'reason.not_connected': '尚未连接（首次使用或发现时连接）',
    'reason.reconnecting': '正在重新连接',
    'reason.connected': '已连接',
    'reason.idle_closed': '空闲 {seconds} 秒：连接已关闭，下次使用时重新打开',
    'reason.auth_required': '服务器返回 401：登录后才能连接',
    'reason.spawn_failed': '无法启动服务器：请检查其命令',
    'reason.exited': '服务器进程已退出',
    'reason.connection_closed': '连接已关闭',
    'reason.timeout': '服务器未及时响应',
    'reason.discovery_timeout': '未在 {ms} 毫秒的发现时限内响应；下一轮将重试',
    'reason.command_timeout': '未在此命令等待服务器的 {ms} 毫秒内响应',
    'reason.http_error': '服务器返回 HTTP 错误 {status}',
    'reason.protocol_error': '服务器违反了 MCP 协议',
    'reason.too_many_tools': '服务器提供的工具超过上限',
    'reason.connect_failed': '无法连接',
    'reason.removed': '已从配置中移除',
    'reason.disabled_in_config': '已在配置中停用',
    'reason.untrusted': '工作区未受信任：信任该工作区（CLI：`trust --workspace DIR`）后才会启用此项目层',
    'reason.config_error': '该条目无法使用',
    'reason.command_not_found': '服务器启动时的 PATH（{path}）中找不到 {command}：请安装它，或在条目中写出其完整路径',
    'reason.command_elsewhere': '服务器启动时的 PATH（{path}）中没有 {command}，但登录 shell 能找到它：请使用 {found}',
    'reason.not_executable': '{file} 存在，但不是可执行文件：运行 chmod +x {file}，或把它的解释器写作命令',
    'reason.interpreter_missing': '{file} 以 #!{interpreter} 开头，但该解释器不存在：请安装它，或修改 #! 行',
    'reason.exited_at_once': '服务器在响应之前就退出了（退出码 {exit}）',
    'reason.node_engine': 'npx 包 {package} 需要 Node {engines}，但其 PATH 上的 node 是 {node}：请安装匹配的 Node，或把它放在 PATH 最前面',
    'reason.variable_unset': '变量 ${variable} 未设置：请在启动面板的环境中或条目的 env 中设置它',
    'reason.cwd_missing': '其工作目录 {cwd} 不存在：请创建它，或修改条目的 cwd',
  },
});
