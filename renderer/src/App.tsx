import { useEffect, useMemo, useLayoutEffect, useState } from 'react';
import type { AgentStanding } from '../../shared/context/limits';
import { Alert, AppShell, Burger, Group, Title } from '@mantine/core';
import { Nav } from './components/Nav';
import { Pickers } from './components/Pickers';
import { TrustBanner } from './components/TrustBanner';
import { ToolDiffDialog } from './features/tools/ToolDiffDialog';
import { InputRequestDialog } from './features/inputs/InputRequestDialog';
import { preloadViews, VIEWS } from './views';
import { useApp, useT } from './store-context';
import { mirrorTray } from './tray-mirror';
import { viewTray } from '../../shared/tray-view';
import { FixesMenu } from './features/fixes/FixesMenu';
import { PanelThemeProvider } from './theme';
import { useSidebar } from './components/use-sidebar';

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

  // UI-8: the title and favicon sum up every detected agent (the store reads the others again when
  // the config, the selection or their files change).
  const bridge = useApp((s) => s.editorBridge);
  const others = useApp((s) => s.others);
  const loadedAt = view?.loadedAt ?? 0;
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
  // Once the servers are on screen, the other views' code loads while the page is idle, so a
  // section switch does not wait for it (issue 40). A load that fails here is tried again, and
  // said, when its view is shown (lazy-view.tsx).
  const shown = view !== null;
  useEffect(() => {
    if (!shown) return;
    const load = () => void preloadViews().catch(() => undefined);
    if (typeof requestIdleCallback !== 'function') return void setTimeout(load, 0);
    const id = requestIdleCallback(load);
    return () => cancelIdleCallback(id);
  }, [shown]);
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
