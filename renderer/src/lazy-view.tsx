// A view whose code loads when it is first shown (issue 40 item 3): the page's first script is
// what the servers view needs, not the tools list, the editor, discovery, permissions… (vite
// makes each `import()` a chunk of its own). Not React.lazy: once loaded, a view renders at
// once (no Suspense fallback for a frame, and the tests that preload it see it synchronously),
// and the component rendered is always the loaded one, so a view never mounts twice.
import { Alert, Button } from '@mantine/core';
import { useEffect, useState, type ComponentType } from 'react';
import { useT } from './store-context';

type View = ComponentType;

export interface LazyView {
  (): React.JSX.Element | null;
  /** Starts loading (if not already) and settles when the view can render at once. */
  preload(): Promise<void>;
}

export function lazyView(load: () => Promise<View>): LazyView {
  let loaded: View | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> =>
    (pending ??= load().then(
      (view) => {
        loaded = view;
      },
      (err: unknown) => {
        pending = null; // a later visit tries again
        throw err;
      },
    ));
  function Lazy() {
    const t = useT();
    const [view, setView] = useState<{ View: View } | null>(() => (loaded ? { View: loaded } : null));
    const [failed, setFailed] = useState<string | null>(null);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (view) return;
      let live = true;
      preload().then(
        () => live && setView({ View: loaded! }),
        (err: unknown) => live && setFailed(err instanceof Error ? err.message : String(err)),
      );
      return () => {
        live = false;
      };
    }, [view, attempt]);
    if (view) return <view.View />;
    // A page left open across an update asks for chunks the new build no longer has: say so.
    if (failed)
      return (
        <Alert color="red" role="alert" title={t('app.viewFailed')}>
          {failed}{' '}
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => {
              setFailed(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('servers.retry')}
          </Button>
        </Alert>
      );
    return <p aria-busy="true" />;
  }
  return Object.assign(Lazy, { preload });
}
