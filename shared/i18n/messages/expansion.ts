// CFG-3: where each agent expands `${VAR}`, as the "sent as written" warning says it (the
// profile names its key in shared/profiles; the rule and its source are there).
import { messages } from './define';

export const expansion = messages({
  en: {
    'expands.claude-code': 'only in .mcp.json',
    'expands.claude-desktop': 'nowhere in claude_desktop_config.json',
    'expands.codex': 'nowhere (variables are named in env_vars, bearer_token_env_var and env_http_headers)',
    'expands.cursor': 'as ${env:NAME}',
    'expands.gemini': 'everywhere',
    'expands.goose': 'nowhere (variables from the keyring are named in env_keys)',
    'expands.kimi': 'nowhere in mcp.json (a token goes in "bearerTokenEnvVar")',
    'expands.minara': 'only in "headers"',
    'expands.minimax': 'only in project files',
    'expands.vscode': 'as ${env:NAME} and ${input:id}',
    'expands.windsurf': 'as ${env:NAME}',
    'expands.zed': 'nowhere in settings.json',
    'expands.opencode': 'as {env:NAME}, everywhere in the file',
    'expands.cline': 'as ${env:NAME}',
  },
  zh: {
    'expands.claude-code': '仅在 .mcp.json 中',
    'expands.claude-desktop': '在 claude_desktop_config.json 中一律不展开',
    'expands.codex': '一律不展开（变量写在 env_vars、bearer_token_env_var 和 env_http_headers 中）',
    'expands.cursor': '以 ${env:NAME} 的形式',
    'expands.gemini': '在所有位置',
    'expands.goose': '一律不展开（来自钥匙串的变量写在 env_keys 中）',
    'expands.kimi': '在 mcp.json 中一律不展开（令牌写在 "bearerTokenEnvVar" 中）',
    'expands.minara': '仅在 "headers" 中',
    'expands.minimax': '仅在项目文件中',
    'expands.vscode': '以 ${env:NAME} 和 ${input:id} 的形式',
    'expands.windsurf': '以 ${env:NAME} 的形式',
    'expands.zed': '在 settings.json 中一律不展开',
    'expands.opencode': '以 {env:NAME} 的形式，在文件中的所有位置',
    'expands.cline': '以 ${env:NAME} 的形式',
  },
});
