// Issue 21 F5: secret shapes the rule used to miss, and look-alikes it must leave alone.
// Shared by the unit table test and the consumer tests (writer, scan, page, bridge record);
// each secret is a unique string, so a test can assert it occurs nowhere in an output.
export interface Positive {
  entry: Record<string, unknown>;
  secret: string;
  /** Where the rule must report it (relative to the entry). */
  pointer: string;
}

/** Port 9 (discard) on loopback: nothing listens, so the panel's connection fails fast. */
const HOST = 'http://127.0.0.1:9/mcp';
/** Generated-looking: mixed case and digits, ~4.5 bits per character. */
const ENTROPY = 'Zq8rT2vLm9XkP4wB7nC1sD6fG3hJ5yR0';

export const POSITIVES: Record<string, Positive> = {
  sig: { entry: { url: `${HOST}?sig=sigvalue-secret-5101` }, secret: 'sigvalue-secret-5101', pointer: '/url' },
  signature: { entry: { url: `${HOST}?expires=1&signature=signature-secret-5102` }, secret: 'signature-secret-5102', pointer: '/url' },
  amz: { entry: { url: `${HOST}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=amzsig-secret-5103` }, secret: 'amzsig-secret-5103', pointer: '/url' },
  jwt: { entry: { url: `${HOST}?jwt=jwtvalue-secret-5104` }, secret: 'jwtvalue-secret-5104', pointer: '/url' },
  pat: { entry: { url: `${HOST}?pat=patvalue-secret-5105` }, secret: 'patvalue-secret-5105', pointer: '/url' },
  'encoded-userinfo': { entry: { url: 'http://alice%3Aencpass-secret-5106@127.0.0.1:9/mcp' }, secret: 'encpass-secret-5106', pointer: '/url' },
  'custom-header': { entry: { url: HOST, headers: { 'X-Tenant-Blob': ENTROPY } }, secret: ENTROPY, pointer: '/headers/X-Tenant-Blob' },
  'short-p': { entry: { command: 'mysql-mcp', args: ['-u', 'app', '-p', 'shortp-secret-5107'] }, secret: 'shortp-secret-5107', pointer: '/args/3' },
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
};
