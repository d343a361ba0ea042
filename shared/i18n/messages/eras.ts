// PROTO-1: the two protocol eras as the person reads them (servers view, doctor, CLI) and the
// per-server choice (`mcp-panel era`).
import { messages } from './define';

export const eras = messages({
  en: {
    'era.legacy': 'legacy (initialize)',
    'era.modern': 'modern (2026-07-28)',
    'era.row': 'MCP {version}, {era}',
    'era.mode.auto': 'Automatic (ask the server)',
    'era.mode.legacy': 'Always legacy (2025-11-25)',
    'era.mode.modern': 'Always modern (2026-07-28)',
  },
  zh: {
    'era.legacy': '旧版（initialize）',
    'era.modern': '新版（2026-07-28）',
    'era.row': 'MCP {version}，{era}',
    'era.mode.auto': '自动（询问服务器）',
    'era.mode.legacy': '始终使用旧版（2025-11-25）',
    'era.mode.modern': '始终使用新版（2026-07-28）',
  },
});
