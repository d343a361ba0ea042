// PROTO-1…4: the two protocol eras as the person reads them (servers view, detail, doctor, CLI),
// the per-server choice, and what a modern server no longer offers.
import { messages } from './define';

export const eras = messages({
  en: {
    'era.legacy': 'legacy (initialize)',
    'era.modern': 'modern (2026-07-28)',
    'era.label': 'Protocol',
    'era.mode.label': 'Protocol era',
    'era.mode.auto': 'Automatic (ask the server)',
    'era.mode.legacy': 'Always legacy (2025-11-25)',
    'era.mode.modern': 'Always modern (2026-07-28)',
    'era.mode.help': 'Kept in the panel’s own settings, never in the agent’s file. Reconnects the server.',
    'era.dropped.ping': 'This server speaks MCP 2026-07-28, which has no ping; its connection is checked with server/discover instead.',
    'era.dropped.setLevel': 'This server speaks MCP 2026-07-28, which has no logging/setLevel; log levels are asked per request.',
  },
  zh: {
    'era.legacy': '旧版（initialize）',
    'era.modern': '新版（2026-07-28）',
    'era.label': '协议',
    'era.mode.label': '协议版本',
    'era.mode.auto': '自动（询问服务器）',
    'era.mode.legacy': '始终使用旧版（2025-11-25）',
    'era.mode.modern': '始终使用新版（2026-07-28）',
    'era.mode.help': '保存在面板自己的设置中，绝不写入智能体的配置文件。更改后会重新连接该服务器。',
    'era.dropped.ping': '该服务器使用 MCP 2026-07-28，此版本没有 ping；改用 server/discover 检查连接。',
    'era.dropped.setLevel': '该服务器使用 MCP 2026-07-28，此版本没有 logging/setLevel；日志级别按每个请求指定。',
  },
});
