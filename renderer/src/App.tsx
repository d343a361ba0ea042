import { useAgentsChangedAt } from './features/install/use-agents-changed';
import { useEffect, useMemo, useLayoutEffect, useState } from 'react';
import type { AgentServers } from '../../shared/contract';
import type { AgentStanding } from '../../shared/context/limits';
import { Alert, AppShell, Burger, Group, Title } from '@mantine/core';
import { Nav } from './components/Nav';
import { Pickers } from './components/Pickers';
import { TrustBanner } from './components/TrustBanner';
import { DetailView } from './features/detail/DetailView';
import { DisclosureView } from './features/disclosure/DisclosureView';
import { DiscoverView } from './features/discover/DiscoverView';
import { EditorView } from './features/editor/EditorView';
import { AcrossView } from './features/install/AcrossView';
import { LoginView } from './features/login/LoginView';
import { LogsView } from './features/logs/LogsView';
import { PermissionsView } from './features/permissions/PermissionsView';
import { ServersView } from './features/servers/ServersView';
import { SettingsView } from './features/settings/SettingsView';
import { ToolsView } from './features/tools/ToolsView';
import { ToolDiffDialog } from './features/tools/ToolDiffDialog';
import { InputRequestDialog } from './features/inputs/InputRequestDialog';
import type { Section } from './stores/ui-slice';
import { useApp, useT } from './store-context';
import { mirrorTray } from './tray-mirror';
import { viewTray } from '../../shared/tray-view';
import { FixesMenu } from './features/fixes/FixesMenu';
import { PanelThemeProvider } from './theme';
import { useSidebar } from './components/use-sidebar';

/** The view App shows for each section (tests mount one of them alone: test/renderer/views/mount.tsx). */
export const VIEWS: Record<Section, () => React.JSX.Element | null> = {
  servers: ServersView,
  detail: DetailView,
  editor: EditorView,
  discover: DiscoverView,
  agents: AcrossView,
  tools: ToolsView,
  permissions: PermissionsView,
  disclosure: DisclosureView,
  login: LoginView,
  logs: LogsView,
  settings: SettingsView,
};

/** Header and navbar sizes: fixed, so every view's PageHeader starts at the same place. */
const HEADER_HEIGHT = 56;
const NAVBAR_WIDTH = 184;

export function App() {
  const t = useT();
  const section = useApp((s) => s.section);
  const view = useApp((s) => s.view);
  const locale = useApp((s) => s.locale);
  const theme = useApp((s) => s.theme);
  const selectionError = useApp((s) => s.selectionError);
  const sidebar = useSidebar();

  // UI-8: the title and favicon sum up every detected agent, read again when the config or selection changes.
  const bridge = useApp((s) => s.editorBridge);
  const [others, setOthers] = useState<AgentServers | null>(null);
  const loadedAt = view?.loadedAt ?? 0;
  const agentsAt = useAgentsChangedAt();
  useEffect(() => {
    let live = true;
    void bridge.call('install.agentServers', {}).then((r) => live && setOthers(r.ok ? r.value : null));
    return () => {
      live = false;
    };
  }, [bridge, loadedAt, agentsAt]);
  // CTX-1: where the selected agent's offered tools stand against its limits, asked again when the
  // servers or their tool counts change; the title then says how far over a limit it is.
  const [limits, setLimits] = useState<AgentStanding | null>(null);
  const profile = view?.profile;
  const toolSum = view?.servers.reduce((n, s) => n + (s.toolCount ?? 0), 0) ?? 0;
  useEffect(() => {
    if (!profile) return;
    let live = true;
    void bridge.call('tools.limits', { agents: [profile] }).then((r) => live && setLimits(r.ok ? (r.value.limits.find((l) => l.profile === profile) ?? null) : null));
    return () => {
      live = false;
    };
  }, [bridge, profile, loadedAt, toolSum]);
  // UI-8/UI-10: the tray's model and fixes, for the tab's title and favicon and the header's fixes.
  const tray = useMemo(() => viewTray(view, locale, others, limits), [view, locale, others, limits]);
  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
    mirrorTray(document, tray.model, t('app.title'));
  }, [tray, locale, t]);
  // Layout effect: the saved theme is on the page before the first paint, not one frame after.
  useLayoutEffect(() => {
    // UI-9: follow the system unless the user chose a theme in Settings.
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  const View = VIEWS[section];
  return (
    <PanelThemeProvider theme={theme}>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{ width: NAVBAR_WIDTH, breakpoint: 0, collapsed: { desktop: sidebar.hidden, mobile: sidebar.hidden } }}
        padding="md"
        // No slide: the navbar is display:none when folded, so only main's padding would move, and
        // moving it lays the whole view (a table of many servers) out again on every frame.
        transitionDuration={0}
        // Below 1000 px the open sidebar lies over the view: main keeps the whole window.
        style={sidebar.narrow ? { '--app-shell-navbar-offset': '0px' } : undefined}
      >
        <a className="skip" href="#main">
          {t('app.skip')}
        </a>
        <AppShell.Header px="md">
          <Group h="100%" gap="lg" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <Burger
                ref={sidebar.burger}
                opened={!sidebar.hidden}
                onClick={sidebar.toggle}
                size="sm"
                aria-label={t(sidebar.hidden ? 'nav.show' : 'nav.hide')}
                aria-expanded={!sidebar.hidden}
                aria-controls="panel-nav"
                data-testid="nav-toggle"
              />
              <Title order={1} size="h4" style={{ whiteSpace: 'nowrap' }}>
                {t('app.title')}
              </Title>
              <FixesMenu fixes={tray.fixes} />
            </Group>
            <Pickers />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar
          p="xs"
          id="panel-nav"
          ref={sidebar.navbar}
          hidden={sidebar.hidden}
          data-overlay={sidebar.narrow || undefined}
          onClick={sidebar.onNavClick}
          style={sidebar.hidden ? { display: 'none' } : sidebar.narrow ? { boxShadow: 'var(--mantine-shadow-lg)' } : undefined}
        >
          <Nav />
        </AppShell.Navbar>
        <AppShell.Main id="main" tabIndex={-1} data-section={section} style={{ minWidth: 0 }}>
          {selectionError && (
            <Alert color="red" role="alert" mb="sm">
              {selectionError.message}
            </Alert>
          )}
          <TrustBanner />
          <View />
          <ToolDiffDialog />
          <InputRequestDialog />
        </AppShell.Main>
      </AppShell>
    </PanelThemeProvider>
  );
}
