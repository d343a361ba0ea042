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
  },
});
