// CFG-8 inline-secret findings: the masked hint and what to write instead (shared/secrets/
// secret-rules.ts), in both languages. The host's English `fix` is this catalogue's English.
import { messages } from './define';

export const secrets = messages({
  en: {
    'secret.hint': 'literal value, {n} characters',
    'secret.fix.field': 'remove "{field}" and reference an environment variable or the keychain instead',
    'secret.fix.auth_token': 'remove "authToken" and set "authTokenEnv": "<VARIABLE>" naming an environment variable that holds the token, or store the token in the keychain',
    'secret.fix.token_env_name': '"{field}" must name an environment variable (e.g. "MY_SERVER_TOKEN"), not hold the token itself',
    'secret.fix.header': 'reference an environment variable instead: {example} (or use "authTokenEnv" / "bearerTokenEnvVar", or the keychain)',
    'secret.fix.env': 'reference the variable from the agent\'s environment instead: "{name}": "${{variable}}"',
    'secret.fix.arg': 'pass the secret through an environment variable ("env": {"TOKEN": "${TOKEN}"}) instead of the command line',
    'secret.fix.url': 'take the credential out of the URL and send it in a header built from an environment variable ("Authorization": "Bearer ${TOKEN}")',
  },
  zh: {
    'secret.hint': '明文值，{n} 个字符',
    'secret.fix.field': '删除 "{field}"，改为引用环境变量或钥匙串',
    'secret.fix.auth_token': '删除 "authToken"，并设置 "authTokenEnv": "<VARIABLE>"，指向保存该令牌的环境变量；或把令牌存入钥匙串',
    'secret.fix.token_env_name': '"{field}" 必须是环境变量的名称（例如 "MY_SERVER_TOKEN"），而不是令牌本身',
    'secret.fix.header': '改为引用环境变量：{example}（或使用 "authTokenEnv" / "bearerTokenEnvVar"，或钥匙串）',
    'secret.fix.env': '改为引用智能体环境中的变量："{name}": "${{variable}}"',
    'secret.fix.arg': '通过环境变量传递密钥（"env": {"TOKEN": "${TOKEN}"}），不要写在命令行里',
    'secret.fix.url': '把凭据从 URL 中去掉，改用由环境变量构成的请求头发送（"Authorization": "Bearer ${TOKEN}"）',
  },
});
