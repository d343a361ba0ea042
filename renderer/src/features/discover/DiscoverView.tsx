// Issue 43 item 5: Discover. Search as you type over the registries' cached catalogues
// (REG-1; offline, the catalogue kept still answers and says when it was refreshed), the
// results as rows, and an entry's detail with its form and the install preview (REG-2). The
// search stays mounted while a detail is shown, so Back finds the same query and rows.
// `#/discover/<name>` opens a detail (route.ts).
import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { errorText } from '../../../../shared/i18n/write-errors';
import { PageHeader } from '../../components/PageHeader';
import { useApp, useT } from '../../store-context';
import { EntryDetail } from './EntryDetail';
import { ResultList } from './ResultList';
import { SourcesLine } from './SourcesLine';
import { useRegistrySearch } from './use-search';
import classes from './discover.module.css';

export function DiscoverView() {
  const t = useT();
  const entry = useApp((s) => s.discoverEntry);
  const [query, setQuery] = useState('');
  const search = useRegistrySearch(query);
  const waiting = search.answered === null;

  return (
    <section aria-labelledby="discover-title" className={classes.view} aria-busy={waiting && !search.error}>
      <PageHeader
        title={t('nav.discover')}
        titleId="discover-title"
        actions={
          <Button variant="default" onClick={search.refresh} loading={search.refreshing} data-testid="discover-refresh">
            {t('discover.refresh')}
          </Button>
        }
      />
      <div hidden={entry !== null}>
        <Stack gap="sm">
          <TextInput
            className={classes.search}
            label={t('discover.search')}
            placeholder={t('discover.searchHint')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            type="search"
            spellCheck={false}
            data-testid="discover-search"
          />
          <SourcesLine sources={search.sources} />
          {search.error && (
            <Alert color="red" role="alert">
              {errorText(t.locale, search.error)}
            </Alert>
          )}
          {waiting ? (
            !search.error && <Text className="progress">{t('discover.loading')}</Text>
          ) : search.results.length === 0 ? (
            <Text size="sm" data-testid="discover-none">
              {search.answered ? t('discover.none', { query: search.answered }) : t('discover.empty')}
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed" role="status" data-testid="discover-count" data-query={search.answered}>
                {t.plural('discover.results', search.results.length)}
              </Text>
              <ResultList results={search.results} label={t.plural('discover.results', search.results.length)} />
            </>
          )}
        </Stack>
      </div>
      {entry !== null && <EntryDetail key={entry} name={entry} />}
    </section>
  );
}
