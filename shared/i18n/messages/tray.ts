// Messages of the tray menu and tooltip (UI-8), in both languages side by side.
import { messages } from './define';

export const tray = messages({
  en: {
    'tray.servers_one': '{n} server',
    'tray.servers_other': '{n} servers',
    'tray.connected': '{n} connected',
    'tray.needsLogin': '{n} needs login',
    'tray.failed': '{n} failed',
    'tray.tools_one': '{n} tool',
    'tray.tools_other': '{n} tools',
    'tray.none': 'No servers',
    'tray.reconnect': 'Reconnect',
    'tray.login': 'Log in',
    'tray.open': 'Open MCP Panel',
    'tray.quit': 'Quit',
    'tray.why': '{name}: {why}',
    'tray.more': '…and {n} more',
  },
  zh: {
    'tray.servers_one': '{n} 个服务器',
    'tray.servers_other': '{n} 个服务器',
    'tray.connected': '{n} 个已连接',
    'tray.needsLogin': '{n} 个需要登录',
    'tray.failed': '{n} 个失败',
    'tray.tools_one': '{n} 个工具',
    'tray.tools_other': '{n} 个工具',
    'tray.none': '没有服务器',
    'tray.reconnect': '重新连接',
    'tray.login': '登录',
    'tray.open': '打开 MCP 面板',
    'tray.quit': '退出',
    'tray.why': '{name}：{why}',
    'tray.more': '……另有 {n} 个',
  },
});
