// The panel's theme and language saved before a page loads: app.setSettings (as the Settings
// view saves them) in a session of its own, a fresh link's, outside the browser (SEC-2: cookie and
// key). The page then opens in them at once: one load of the app instead of a load, a save from
// the page's session and a reload (each load of the app costs Chromium ~0.5 CPU s).
import { expect } from '@playwright/test';
import type { PanelSettings } from '../../../shared/contract/app';
import type { RunningPanel } from '../../helpers/panel-home';

export async function saveSettings(panel: RunningPanel, settings: Partial<PanelSettings>): Promise<void> {
  const r = await fetch(`${panel.origin}/api/app.setSettings`, {
    method: 'POST',
    headers: { ...(await panel.session()), 'content-type': 'application/json', origin: panel.origin },
    body: JSON.stringify(settings),
  });
  expect(r.ok, await r.text()).toBe(true);
}
