// Terms that recur across views, and the one Chinese word for each. A catalogue that uses
// another word for the same thing, or a Chinese text without the term where the English has it,
// fails test/unit/i18n/catalogues.test.ts.
export const glossary = [
  { en: 'agent', zh: '智能体', not: ['代理'] },
  { en: 'server', zh: '服务器', not: ['服务端'] },
  { en: 'workspace', zh: '工作区', not: ['工作空间'] },
  { en: 'keychain', zh: '钥匙串', not: ['密钥链', '钥匙链'] },
  { en: 'log in', zh: '登录', not: ['登入', '登陆'] },
  { en: 'collision', zh: '冲突', not: ['碰撞'] },
  // An OAuth token is 令牌; a model's token (what a tool definition costs) stays "token".
  { en: 'token', zh: '令牌', not: ['凭证'], otherSense: { zh: 'token', keys: ['tools.tokens', 'tools.filter.budget', 'disc.', 'inputs.sampling.limit', 'limits.'] } },
  { en: 'layer', zh: '层', not: ['图层'] },
] as const;
