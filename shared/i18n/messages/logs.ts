// Messages of the logs view (UI-7), in both languages side by side.
import { messages } from './define';

export const logs = messages({
  en: {
    'logs.empty': 'No servers yet: add one, and its output shows up here.',
    'logs.server': 'Server',
    'logs.search': 'Search the logs',
    'logs.searchPlaceholder': 'Search stderr and messages…',
    'logs.copy': 'Copy',
    'logs.copied': 'Copied',
    'logs.bounded': 'The newest lines only: each server keeps a bounded stderr tail and traffic log.',
    'logs.stderr_one': 'stderr ({n} line)',
    'logs.stderr_other': 'stderr ({n} lines)',
    'logs.noStderr': 'Nothing on stderr.',
    'logs.traffic_one': 'JSON-RPC traffic ({n} message)',
    'logs.traffic_other': 'JSON-RPC traffic ({n} messages)',
    'logs.noTraffic': 'No messages yet: the server has not been contacted.',
  },
  zh: {
    'logs.empty': '还没有服务器：添加一个后，其输出会显示在这里。',
    'logs.server': '服务器',
    'logs.search': '搜索日志',
    'logs.searchPlaceholder': '搜索 stderr 和消息…',
    'logs.copy': '复制',
    'logs.copied': '已复制',
    'logs.bounded': '只显示最新的内容：每个服务器保留有限的 stderr 尾部和通信记录。',
    'logs.stderr_one': 'stderr（{n} 行）',
    'logs.stderr_other': 'stderr（{n} 行）',
    'logs.noStderr': 'stderr 没有输出。',
    'logs.traffic_one': 'JSON-RPC 通信（{n} 条消息）',
    'logs.traffic_other': 'JSON-RPC 通信（{n} 条消息）',
    'logs.noTraffic': '还没有消息：尚未联系过该服务器。',
  },
});
