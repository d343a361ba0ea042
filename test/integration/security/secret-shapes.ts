// Issue 21 F5 and issue 35 (SEC-9): secret shapes the rule used to miss, and look-alikes it must
// leave alone.
// Shared by the unit table test and the consumer tests (writer, scan, page, bridge record);
// each secret is a unique string, so a test can assert it occurs nowhere in an output.
export interface Positive {
  entry: Record<string, unknown>;
  secret: string;
  /** Where the rule must report it (relative to the entry). */
  pointer: string;
  /**
   * The text rule alone finds it in the entry's command line or URL as free text (a reason, a
   * log line); the others depend on where they sit in the entry (`-p VALUE`, a header's name),
   * and text gets them as the known secrets of the loaded config.
   */
  text?: true;
}

/** Port 9 (discard) on loopback: nothing listens, so the panel's connection fails fast. */
const HOST = 'http://127.0.0.1:9/mcp';
/** Generated-looking: mixed case and digits, ~4.5 bits per character. */
const ENTROPY = 'Zq8rT2vLm9XkP4wB7nC1sD6fG3hJ5yR0';

export const POSITIVES: Record<string, Positive> = {
  sig: { entry: { url: `${HOST}?sig=sigvalue-secret-5101` }, secret: 'sigvalue-secret-5101', pointer: '/url', text: true },
  signature: { entry: { url: `${HOST}?expires=1&signature=signature-secret-5102` }, secret: 'signature-secret-5102', pointer: '/url', text: true },
  amz: { entry: { url: `${HOST}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=amzsig-secret-5103` }, secret: 'amzsig-secret-5103', pointer: '/url', text: true },
  jwt: { entry: { url: `${HOST}?jwt=jwtvalue-secret-5104` }, secret: 'jwtvalue-secret-5104', pointer: '/url', text: true },
  pat: { entry: { url: `${HOST}?pat=patvalue-secret-5105` }, secret: 'patvalue-secret-5105', pointer: '/url', text: true },
  'encoded-userinfo': { entry: { url: 'http://alice%3Aencpass-secret-5106@127.0.0.1:9/mcp' }, secret: 'encpass-secret-5106', pointer: '/url', text: true },
  'custom-header': { entry: { url: HOST, headers: { 'X-Tenant-Blob': ENTROPY } }, secret: ENTROPY, pointer: '/headers/X-Tenant-Blob' },
  'short-p': { entry: { command: 'mysql-mcp', args: ['-u', 'app', '-p', 'shortp-secret-5107'] }, secret: 'shortp-secret-5107', pointer: '/args/3' },
  // issue 35
  tkn: { entry: { url: `${HOST}?tkn=tknvalue-secret-5108` }, secret: 'tknvalue-secret-5108', pointer: '/url', text: true },
  'oauth-code': { entry: { url: `${HOST}?state=xyz&code=codevalue-secret-5109` }, secret: 'codevalue-secret-5109', pointer: '/url', text: true },
  'sig-encoded': { entry: { url: `${HOST}?sig%3D=sigenc-secret-5110` }, secret: 'sigenc-secret-5110', pointer: '/url', text: true },
  'slack-webhook': { entry: { command: 'notify-mcp', args: ['--webhook', 'https://hooks.slack.com/services/T0ABCDEF1/B0ABCDEF2/slackhookSecret5111xyz'] }, secret: 'slackhookSecret5111xyz', pointer: '/args/1', text: true },
  'glued-p': { entry: { command: 'mysql-mcp', args: ['-u', 'app', '-pGluedP4ss5112'] }, secret: 'GluedP4ss5112', pointer: '/args/2', text: true },
  'sh-c-bearer': { entry: { command: 'sh', args: ['-c', "curl -s -H 'Authorization: Bearer shc-bearer-secret-5113' https://api.example/x | mcp-stdio"] }, secret: 'shc-bearer-secret-5113', pointer: '/args/1', text: true },
};

export const NEGATIVES: Record<string, Record<string, unknown>> = {
  'sig-ref': { url: `${HOST}?sig=\${FILES_SIG}&signature=\${FILES_SIGNATURE}` },
  'amz-ref': { url: `${HOST}?X-Amz-Signature=\${AMZ_SIG}` },
  'jwt-pat-ref': { url: `${HOST}?jwt=\${JWT}&pat=\${PAT}` },
  'plain-params': { url: `${HOST}?path=/docs&pattern=a*b&page=2` },
  'user-only': { url: 'http://alice@127.0.0.1:9/mcp' },
  'custom-header-ref': { url: HOST, headers: { 'X-Tenant-Blob': '${TENANT_BLOB}' } },
  'ordinary-headers': { url: HOST, headers: { Accept: 'application/json', 'X-Request-Id': '123e4567-e89b-12d3-a456-426614174000', 'X-Client': 'mcp-panel/0.1.0 (linux)' } },
  'short-p-ref': { command: 'mysql-mcp', args: ['-p', '${DB_PASSWORD}'] },
  'short-p-port': { command: 'web-mcp', args: ['-p', '8080', '--host', '127.0.0.1'] },
  // issue 35: ordinary words and flags that only look like the shapes above
  'glued-p-flags': { command: 'go-mcp', args: ['-pretty', '-profile=dev', '-p8080'] },
  'npx-package': { command: 'npx', args: ['-y', '-p', '@scope/mcp-server', 'mcp-server'] },
  'python-version': { command: 'uv', args: ['run', '-p', '3.12', 'server.py'] },
  'code-and-sig-names': { url: `${HOST}?zip_code=12345&signal=on&pattern=x` },
  'prose-in-args': { command: 'llm-mcp', args: ['--description', 'a 200,000-token context window; token budget 4096; fill in the password field', '--max-tokens', '4096'] },
  'token-counts-in-env': { command: 'llm-mcp', env: { MAX_TOKENS: '200000', TOKEN_BUDGET: '4096', CONTEXT_WINDOW: '200000', AUTH_URL: 'https://auth.example/authorize', PASSWORD_FIELD: 'password' } },
  'prose-in-fields': { command: 'llm-mcp', description: 'Summarises with a 200,000-token context window. Pass --token to log in; Bearer token required; the password field.' },
  'sh-c-referenced-bearer': { command: 'sh', args: ['-c', 'curl -H "Authorization: Bearer ${API_TOKEN}" https://api.example/x | mcp-stdio'] },
};

/** Free text (reasons, tool results, log lines) the masking must leave exactly as it is. */
export const ORDINARY_TEXT: string[] = [
  '200,000-token context window',
  'Claude has a 200,000-token context window and a token budget of 4096.',
  'context window',
  'token budget',
  'Type it into the password field.',
  'Pass --token to log in, or --api-key when the server wants one.',
  'Bearer token required',
  'Authorization: required for write tools',
  'process exited with code=1; pass=3 fail=0; key=enter',
  'max_tokens=4096 token_count=12 tokens=5',
  'Run go test -pretty -parallel 4',
];
