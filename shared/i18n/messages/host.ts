// The handlers' own refusals (electron/services/handlers/*): sent as a key and params in
// `data.text` so the page says them in its language; the English is the message the CLI prints.
import { messages } from './define';

export const host = messages({
  en: {
    'host.link_not_http': 'only http(s) links can be opened',
    'host.open_in_page': 'open the link from the page itself (browser mode)',
    'host.stdio_no_login': '"{name}" is a local (stdio) server: it has nothing to log in to',
    'host.untrusted_login': '"{name}" comes from a workspace that is not trusted; review its project files and trust the workspace first',
    'host.login_running': 'a login for "{name}" is already running; finish it in the browser or cancel it',
    'host.auth_link_not_http': 'the authorization server gave a link that is not http(s); not opening it',
    'host.doctor_not_stdio': '"{name}" is not a stdio server: the launch doctor checks servers the panel starts',
    'host.try_not_stdio': '"{name}" is not a stdio server: there is no process to try',
    'host.doctor_untrusted': '"{name}" comes from a workspace that is not trusted: nothing of it is run or examined until you trust it (CLI: `trust --workspace DIR`)',
    'host.agent_cannot_expand': '{agent} does not expand ${VAR} in its {layer} file, so the agent would send the reference as text: keep the value out of this entry (set it in the environment the agent starts with) or use a file where {agent} expands it',
    'host.no_layer_file': 'the {layer} layer has no file in this profile and workspace; choose another layer before moving a secret to the keychain',
    'host.cannot_connect': '"{name}" cannot connect',
    'host.cannot_connect_untrusted': '"{name}" cannot connect: workspace not trusted',
    'host.cannot_connect_disabled': '"{name}" cannot connect: it is disabled',
    'host.no_folder_chooser': 'a folder chooser is not available in the browser; type the absolute path of the folder instead',
    'host.workspace_missing': 'there is no folder {folder}: check the path (it must be an existing folder on this machine)',
    'host.workspace_not_folder': '{folder} is a file, not a folder: choose the folder of the project',
  },
  zh: {
    'host.link_not_http': '只能打开 http(s) 链接',
    'host.open_in_page': '请在页面中直接打开该链接（浏览器模式）',
    'host.stdio_no_login': '"{name}" 是本地（stdio）服务器：没有需要登录的内容',
    'host.untrusted_login': '"{name}" 来自未受信任的工作区；请先检查其项目文件并信任该工作区',
    'host.login_running': '"{name}" 的登录已在进行中；请在浏览器中完成或取消它',
    'host.auth_link_not_http': '授权服务器给出的链接不是 http(s)；不会打开',
    'host.doctor_not_stdio': '"{name}" 不是 stdio 服务器：启动诊断只检查由面板启动的服务器',
    'host.try_not_stdio': '"{name}" 不是 stdio 服务器：没有可以试启动的进程',
    'host.doctor_untrusted': '"{name}" 来自未受信任的工作区：在你信任它之前，不会运行或检查其任何内容（CLI：`trust --workspace DIR`）',
    'host.agent_cannot_expand': '{agent} 不会展开其 {layer} 层文件中的 ${VAR}，智能体会把引用按原文发送：请不要把该值写入此条目（在智能体启动时的环境中设置它），或使用 {agent} 会展开引用的文件',
    'host.no_layer_file': '在此智能体和工作区中，{layer} 层没有文件；请先选择其他层，再把密钥移入钥匙串',
    'host.cannot_connect': '"{name}" 无法连接',
    'host.cannot_connect_untrusted': '"{name}" 无法连接：工作区未受信任',
    'host.cannot_connect_disabled': '"{name}" 无法连接：该服务器已禁用',
    'host.no_folder_chooser': '浏览器中没有文件夹选择器；请直接输入文件夹的绝对路径',
    'host.workspace_missing': '没有文件夹 {folder}：请检查路径（必须是本机上已存在的文件夹）',
    'host.workspace_not_folder': '{folder} 是文件而不是文件夹：请选择项目所在的文件夹',
  },
});
