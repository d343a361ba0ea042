// Why the OS keychain cannot be used (AUTH-5) and why a login ended without tokens (AUTH-1),
// as codes the host sends; the raw library or server text follows as detail.
import type { KeychainCode, LoginFailureCode } from '../../contract/auth';
import { messages } from './define';

type Keyed<Code extends string> = Record<`keychain.${Code}.reason` | `keychain.${Code}.fix`, string>;
type Failed<Code extends string> = Record<`login.failed.${Code}`, string>;

const en = {
  'keychain.library-missing.reason': 'the keychain library could not be loaded ({detail})',
  'keychain.library-missing.fix': 'install libsecret (Debian/Ubuntu: apt-get install libsecret-1-0) and restart the panel',
  'keychain.module-missing.reason': 'the keychain module (keytar) is not installed in this build',
  'keychain.module-missing.fix': 'reinstall the panel with its optional dependency keytar (needs libsecret-1-dev to build)',
  'keychain.no-secret-service.reason': 'no Secret Service is reachable over D-Bus ({detail})',
  'keychain.no-secret-service.fix': 'run a Secret Service such as gnome-keyring (apt-get install gnome-keyring) in your desktop session, or start one with dbus-run-session',
  'keychain.locked.reason': 'the keychain is locked or refused access ({detail})',
  'keychain.locked.fix': 'unlock your login keyring (e.g. in Seahorse / "Passwords and Keys") and try again',
  'keychain.failed.reason': 'the keychain failed ({detail})',
  'keychain.failed.fix': 'check that a Secret Service (gnome-keyring, KWallet) is running and unlocked',
} as const satisfies Keyed<KeychainCode>;

const enFailed = {
  'login.failed.not-applicable': '{server} is a local (stdio) server; it has no login',
  'login.failed.cancelled': 'the login was cancelled',
  'login.failed.timeout': 'nobody approved the login in the browser in time',
  'login.failed.authorization-denied': 'the authorization server refused the login',
  'login.failed.state-mismatch': 'the answer did not belong to the login the panel started (state check failed)',
  'login.failed.bad-callback': 'the browser came back with an answer the panel cannot use',
  'login.failed.issuer-mismatch': 'the authorization server did not prove it is the one the server named (issuer mismatch); the panel refused to register or send a code there. Tell the server\'s operator',
  'login.failed.insecure-endpoint': 'the authorization server wants the code sent over plain http; the panel only sends it over https',
  'login.failed.no-oauth': 'this server wants a token, not a login: it answered 401 and offers no OAuth login. Put the token in the entry (a header with ${VAR}, or the agent’s token variable), or keep it in the keychain and use the bridge',
  'login.failed.error': 'the login could not be completed',
} as const satisfies Failed<LoginFailureCode>;

export const keychain = messages({
  en: { ...en, ...enFailed },
  zh: {
    'keychain.library-missing.reason': '无法加载钥匙串库（{detail}）',
    'keychain.library-missing.fix': '安装 libsecret（Debian/Ubuntu：apt-get install libsecret-1-0），然后重启面板',
    'keychain.module-missing.reason': '此版本未安装钥匙串模块（keytar）',
    'keychain.module-missing.fix': '连同可选依赖 keytar 重新安装面板（构建需要 libsecret-1-dev）',
    'keychain.no-secret-service.reason': '无法通过 D-Bus 连接到 Secret Service（{detail}）',
    'keychain.no-secret-service.fix': '在桌面会话中运行 gnome-keyring 等 Secret Service（apt-get install gnome-keyring），或用 dbus-run-session 启动一个',
    'keychain.locked.reason': '钥匙串已锁定或拒绝访问（{detail}）',
    'keychain.locked.fix': '解锁登录钥匙串（例如在 Seahorse /“密码和密钥”中），然后重试',
    'keychain.failed.reason': '钥匙串出错（{detail}）',
    'keychain.failed.fix': '检查 Secret Service（gnome-keyring、KWallet）是否正在运行且已解锁',
    'login.failed.not-applicable': '{server} 是本地（stdio）服务器，无需登录',
    'login.failed.cancelled': '登录已取消',
    'login.failed.timeout': '未能及时在浏览器中批准登录',
    'login.failed.authorization-denied': '授权服务器拒绝了登录',
    'login.failed.state-mismatch': '返回的应答不属于面板发起的这次登录（state 校验失败）',
    'login.failed.bad-callback': '浏览器返回的应答无法使用',
    'login.failed.issuer-mismatch': '授权服务器未能证明自己就是服务器所指定的那一个（issuer 不匹配）；面板拒绝在那里注册或发送授权码。请告知该服务器的运营者',
    'login.failed.insecure-endpoint': '授权服务器要求通过明文 http 发送授权码；面板只通过 https 发送',
    'login.failed.no-oauth': '这个服务器需要令牌而不是登录：它返回 401 且不提供 OAuth 登录。请把令牌写进条目（在请求头中用 ${VAR}，或使用智能体的令牌变量字段），或者把它保存在钥匙串中并通过桥接使用',
    'login.failed.error': '无法完成登录',
  },
});
