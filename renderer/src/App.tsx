import { useEffect } from 'react';
import { Nav } from './components/Nav';
import { Pickers } from './components/Pickers';
import { Placeholder } from './components/Placeholder';
import { TrustBanner } from './components/TrustBanner';
import { ServersView } from './features/servers/ServersView';
import { useApp, useT } from './store-context';
import { mirrorTray, modelFor } from './tray-mirror';

export function App() {
  const t = useT();
  const section = useApp((s) => s.section);
  const view = useApp((s) => s.view);
  const locale = useApp((s) => s.locale);
  const selectionError = useApp((s) => s.selectionError);

  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
    mirrorTray(document, modelFor(view, locale), t('app.title'));
  }, [view, locale, t]);

  return (
    <div className="app">
      <header className="top">
        <h1>{t('app.title')}</h1>
        <Pickers />
      </header>
      <Nav />
      <main className="content">
        {selectionError && (
          <div className="banner error" role="alert">
            {selectionError.message}
          </div>
        )}
        <TrustBanner />
        {section === 'servers' ? <ServersView /> : <Placeholder section={section} />}
      </main>
    </div>
  );
}
