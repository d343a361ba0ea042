// SEC-2 (issue 21 F1): a call needs the page's session key as well as its cookie. Requests a
// test makes beside the page (page.request shares only the cookies) carry the key the page
// keeps in its sessionStorage.
import type { Page } from '@playwright/test';

export async function keyHeader(page: Page): Promise<Record<string, string>> {
  // The page's script takes the key from the address as it starts: wait for that.
  const key = await (await page.waitForFunction(() => sessionStorage.getItem('mcp-panel-session-key'))).jsonValue();
  return { 'X-MCP-Panel-Key': String(key) };
}
