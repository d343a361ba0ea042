// Messages of a running bridge (BRIDGE-1/3/5): what `mcp-panel bridge` says on stderr when it
// refuses an entry, and the MCP errors it answers the agent with. `{command}` is a command
// line and `{detail}`/`{reason}` an OS, server or login message: never translated.
import { messages } from './define';

export const bridgeRun = messages({
  en: {
    'bridgeRun.login_needed': '{server} needs a login ({reason}); log in with `{command}` or in the panel',
    'bridgeRun.refused_credentials': '{server} refused the configured credentials; check its headers or token variable',
    'bridgeRun.unreachable': 'the remote server could not be reached: {detail}',
    'bridgeRun.target.not_found': 'no server named "{server}" in {where}',
    'bridgeRun.target.anyProfile': 'any profile',
    'bridgeRun.target.ambiguous': '"{server}" exists in {profiles}: choose one with --profile',
    'bridgeRun.target.untrusted': '"{server}" comes from a workspace that is not trusted ({path}); nothing of it is contacted until you trust it: `mcp-panel trust --workspace DIR`',
    'bridgeRun.target.not_remote': '"{server}" is a local (stdio) server; agents start it themselves, the bridge forwards only to remote servers (or to a local one whose tools it filters: --hide-tools)',
    'bridgeRun.target.unusable': '"{server}" cannot be used: {detail}',
    'bridgeRun.target.no_original': '"{server}" in {path} is a bridge line with no saved original entry; run `{command}` and install it again',
    'bridgeRun.target.bad_url': '"{server}" is not an http(s) URL',
    'bridgeRun.hidden_tool': 'the tool {tool} is turned off for this agent by its MCP Panel context plan (`mcp-panel plan --list`; undo the plan to turn it back on)',
    'bridgeRun.local_exited': 'the local server {server} could not be started or has stopped: {detail}',
  },
  zh: {
    'bridgeRun.login_needed': '{server} 需要登录（{reason}）；请运行 `{command}` 或在面板中登录',
    'bridgeRun.refused_credentials': '{server} 拒绝了配置中的凭据；请检查它的请求头或令牌变量',
    'bridgeRun.unreachable': '无法连接远程服务器：{detail}',
    'bridgeRun.target.not_found': '{where}中没有名为“{server}”的服务器',
    'bridgeRun.target.anyProfile': '所有配置',
    'bridgeRun.target.ambiguous': '“{server}”同时存在于 {profiles}：请用 --profile 选择一个',
    'bridgeRun.target.untrusted': '“{server}”来自尚未信任的工作区（{path}）；信任之前不会连接它：`mcp-panel trust --workspace DIR`',
    'bridgeRun.target.not_remote': '“{server}”是本地（stdio）服务器；智能体可以自己启动它，桥接只转发到远程服务器（或转发到它要过滤工具的本地服务器：--hide-tools）',
    'bridgeRun.target.unusable': '“{server}”无法使用：{detail}',
    'bridgeRun.target.no_original': '{path} 中的“{server}”是桥接行，但没有保存原条目；请运行 `{command}` 后重新安装',
    'bridgeRun.target.bad_url': '“{server}”不是 http(s) 地址',
    'bridgeRun.hidden_tool': '工具 {tool} 已被 MCP Panel 的上下文计划对此智能体关闭（`mcp-panel plan --list`；撤销该计划即可重新打开）',
    'bridgeRun.local_exited': '本地服务器 {server} 无法启动或已停止：{detail}',
  },
});
