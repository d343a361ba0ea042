// The view shown for each section. The servers view is in the page's first script; every other
// view is a chunk of its own, loaded when first shown or, once the servers are painted, when
// the page is idle (App), so a section switch rarely waits (issue 40 item 3).
import type { Section } from './stores/ui-slice';
import { ServersView } from './features/servers/ServersView';
import { lazyView } from './lazy-view';

type SectionView = (() => React.JSX.Element | null) & { preload?: () => Promise<void> };

/** The view App shows for each section (tests mount one of them alone: test/renderer/mount.tsx). */
export const VIEWS: Record<Section, SectionView> = {
  servers: ServersView,
  detail: lazyView(() => import('./features/detail/DetailView').then((m) => m.DetailView)),
  editor: lazyView(() => import('./features/editor/EditorView').then((m) => m.EditorView)),
  discover: lazyView(() => import('./features/discover/DiscoverView').then((m) => m.DiscoverView)),
  agents: lazyView(() => import('./features/install/AcrossView').then((m) => m.AcrossView)),
  tools: lazyView(() => import('./features/tools/ToolsView').then((m) => m.ToolsView)),
  permissions: lazyView(() => import('./features/permissions/PermissionsView').then((m) => m.PermissionsView)),
  disclosure: lazyView(() => import('./features/disclosure/DisclosureView').then((m) => m.DisclosureView)),
  login: lazyView(() => import('./features/login/LoginView').then((m) => m.LoginView)),
  logs: lazyView(() => import('./features/logs/LogsView').then((m) => m.LogsView)),
  settings: lazyView(() => import('./features/settings/SettingsView').then((m) => m.SettingsView)),
};

/** Loads every view's code (App, when idle after the first paint; the view tests, before they mount). */
export async function preloadViews(): Promise<void> {
  await Promise.all(Object.values(VIEWS).map((v) => v.preload?.()));
}
