// Issue 35: a page on another loopback port can replace the panel's session cookie (cookies
// ignore ports) with one set at `Path=/`. The open tab keeps working (its calls go by its key),
// but its next reload is a navigation, which only a cookie can carry, and got 401. So a
// navigation without a live cookie gets this small page instead of plain text: its script
// (a file of our own origin, as the CSP allows no inline script) reads the tab's key from
// sessionStorage, which no other port can read or write, and trades it for the session's cookie
// (SESSION_RESUME_PATH, judged by the key alone), then reloads. A tab without a key, a key whose
// session ended, or a second try within 10 s (a page that keeps replacing the cookie cannot make
// it loop) leaves the page saying how to get a fresh link.
import { SESSION_KEY_HEADER, SESSION_KEY_ITEM, SESSION_RESUME_PATH } from '../../../shared/rpc';

export const RESUME_SCRIPT_PATH = '/session/resume.js';

const TRIED_ITEM = 'mcp-panel-session-resumed-at';
const RETRY_MS = 10_000;

export const RESUME_SCRIPT = `(function () {
  var key = null, last = 0;
  try { key = sessionStorage.getItem(${JSON.stringify(SESSION_KEY_ITEM)}); last = Number(sessionStorage.getItem(${JSON.stringify(TRIED_ITEM)})) || 0; } catch (e) { return; }
  if (!key || Date.now() - last < ${RETRY_MS}) return;
  sessionStorage.setItem(${JSON.stringify(TRIED_ITEM)}, String(Date.now()));
  fetch(${JSON.stringify(SESSION_RESUME_PATH)}, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json', ${JSON.stringify(SESSION_KEY_HEADER)}: key }, body: '{}' })
    .then(function (r) { if (r.ok) location.reload(); }, function () {});
})();
`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 401 page of a navigation: the reason in words, and the script that may resume the session. */
export function unauthorizedPage(message: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>MCP Panel</title><script src="${RESUME_SCRIPT_PATH}"></script></head><body><p>${escapeHtml(message)}</p></body></html>`;
}
