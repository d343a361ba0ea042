// AGENT-8 in words: asking an agent's own CLI and what it said beside the panel (the CLI's
// `agents --ask` and the page's Across agents). `satisfies` makes a new verdict without words a type error.
import type { EntryVerdict, RunState } from '../../profiles/agent-answer';
import { messages } from './define';

const enVerdict = {
  'ask.verdict.agrees': 'agrees',
  'ask.verdict.missing_in_agent': '{agent} does not list it',
  'ask.verdict.only_in_agent': 'only {agent} lists it (a plugin or extension, or a file the panel does not read)',
  'ask.verdict.state': 'the panel says {panel}, {agent} says {theirs}',
  'ask.verdict.target': 'a different command or URL: the panel reads {panel}, {agent} runs {theirs}',
} as const satisfies Record<`ask.verdict.${EntryVerdict}`, string>;

const enState = {
  'ask.state.runs': 'it runs',
  'ask.state.off': 'it is off',
  'ask.state.pending': 'it waits for approval',
  'ask.state.error': 'the entry has an error',
} as const satisfies Record<`ask.state.${RunState}`, string>;

export const ask = messages({
  en: {
    ...enVerdict,
    ...enState,
    'ask.running': 'Asking {agent}: {command}',
    'ask.starts': '(its listing starts the servers it lists, as a health check)',
    'ask.answer': '{agent} {version} answered: {agree} of {total} entries agree',
    'ask.failed': '{agent}: {message}',
    'ask.none': 'No detected agent has a command line the panel can ask.',
    'ask.title': 'What the agents themselves say',
    'ask.intro': 'Runs an agent’s own listing in this workspace and compares it with what the panel reads, entry by entry. Nothing runs until you ask.',
    'ask.button': 'Ask {agent}',
    'ask.command': 'Runs: {command}',
    'ask.asking': 'Asking {agent}…',
  },
  zh: {
    'ask.verdict.agrees': '一致',
    'ask.verdict.missing_in_agent': '{agent} 没有列出它',
    'ask.verdict.only_in_agent': '只有 {agent} 列出了它（来自插件或扩展，或面板不读取的文件）',
    'ask.verdict.state': '面板认为{panel}，{agent} 认为{theirs}',
    'ask.verdict.target': '命令或 URL 不同：面板读到 {panel}，{agent} 运行 {theirs}',
    'ask.state.runs': '会运行',
    'ask.state.off': '已关闭',
    'ask.state.pending': '等待批准',
    'ask.state.error': '条目有错误',
    'ask.running': '正在询问 {agent}：{command}',
    'ask.starts': '（它的列表会启动所列的服务器，用作健康检查）',
    'ask.answer': '{agent} {version} 的回答：{total} 个条目中 {agree} 个一致',
    'ask.failed': '{agent}：{message}',
    'ask.none': '检测到的智能体中，没有面板可以询问的命令行。',
    'ask.title': '智能体自己怎么说',
    'ask.intro': '在此工作区运行智能体自己的列表命令，并逐个条目与面板读到的内容比较。你询问之前不会运行任何东西。',
    'ask.button': '询问 {agent}',
    'ask.command': '将运行：{command}',
    'ask.asking': '正在询问 {agent}…',
  },
});
