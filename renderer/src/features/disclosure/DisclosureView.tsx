// UI-5 / DISC-4: token cost per server, the total against a chosen model's context window,
// whether deferred disclosure would kick in and why, and a tool_search box (DISC-2, Chinese
// queries included).
import { useEffect, useState } from 'react';
import { Accordion, Alert, Autocomplete, Badge, Button, Code, Group, List, NativeSelect, NumberInput, Progress, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { CodedText, Translator } from '../../../../shared/i18n';
import { errorText } from '../../../../shared/i18n/write-errors';
import { PageHeader } from '../../components/PageHeader';
import { useApp, useT } from '../../store-context';
import classes from './disclosure.module.css';
import { OptionSources } from './OptionSources';

const MODELS: [string, number][] = [
  ['minimax/MiniMax-M2', 200_000],
  ['anthropic/claude-sonnet-4', 200_000],
  ['openai/gpt-4.1', 1_000_000],
  ['moonshot/kimi-k2', 128_000],
];

/** A host code's sentence with its whole numbers in the UI locale's format (40,000 / 40,000). */
function coded(t: Translator, prefix: string, c: CodedText): string {
  const params = Object.fromEntries(Object.entries(c.params ?? {}).map(([k, v]) => [k, typeof v === 'number' && Number.isInteger(v) ? t.number(v) : v]));
  return t.code(prefix, { code: c.code, params });
}

export function DisclosureView() {
  const t = useT();
  const plan = useApp((s) => s.plan);
  const planError = useApp((s) => s.planError);
  const model = useApp((s) => s.model);
  const win = useApp((s) => s.contextWindow);
  const setModel = useApp((s) => s.setModel);
  const loadPlan = useApp((s) => s.loadPlan);
  const search = useApp((s) => s.search);
  const runSearch = useApp((s) => s.runSearch);
  const [query, setQuery] = useState(search.query);
  const [mode, setMode] = useState(search.mode);
  // The field may be empty while typing; the plan follows only whole positive numbers.
  const [winText, setWinText] = useState<string | number>(win);
  useEffect(() => setWinText((t) => (Number(t) === win ? t : win)), [win]);

  useEffect(() => void loadPlan(), [model, win, loadPlan]);
  const pct = plan ? Math.min(100, plan.contextShare * 100) : 0;
  const thresholdPct = plan ? (plan.thresholdTokens / Math.max(1, plan.contextWindow)) * 100 : 0;

  return (
    <Stack component="section" aria-labelledby="disc-title" className="disclosure" gap="sm">
      <PageHeader titleId="disc-title" title={t('nav.disclosure')} />
      <Group align="flex-end" gap="sm">
        <Autocomplete label={t('disc.model')} value={model} data={MODELS.map(([m]) => m)} onChange={(v) => setModel(v, MODELS.find(([m]) => m === v)?.[1] ?? win)} miw={260} />
        <NumberInput
          label={t('disc.window')}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={false}
          value={winText}
          onChange={(v) => {
            setWinText(v);
            const n = Number(v);
            if (v !== '' && Number.isInteger(n) && n > 0) setModel(model, n);
          }}
          w={200}
        />
      </Group>
      {planError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(t.locale, planError)}
        </Alert>
      )}
      {plan && (
        <>
          <Alert color={plan.deferred ? 'yellow' : 'teal'} variant="light" role="status" data-testid="disclosure-verdict" data-deferred={plan.deferred} title={plan.deferred ? t('disc.kicksIn') : t('disc.inline')}>
            {/* UI-9: the host's code in our language; its English only from a host that sent none. */}
            <Text size="sm">{plan.why ? coded(t, 'disc.why', plan.why) : plan.explanation}</Text>
            {plan.addedTools.length > 0 && <Text size="sm">{t('disc.added', { tools: plan.addedTools.join(', ') })}</Text>}
          </Alert>
          {plan.profileNote && (
            <Text size="sm" c="dimmed">
              {plan.profileNoteCode ? t.code('disc.profile', { code: plan.profileNoteCode }) : plan.profileNote}
            </Text>
          )}
          <div className={classes.meter} role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)} aria-label={t('disc.share')}>
            <Progress value={pct} size="lg" color={plan.deferred ? 'yellow' : 'indigo'} aria-hidden="true" />
            <div className={classes.threshold} style={{ left: `${Math.min(100, thresholdPct)}%` }} title={t('disc.threshold')} />
          </div>
          <Text size="sm">
            {t('disc.total', { tokens: t.number(plan.totalTokens), window: t.number(plan.contextWindow), pct: t.number(Number((plan.contextShare * 100).toFixed(2))), threshold: t.number(Math.round(plan.thresholdTokens)) })}
          </Text>
          {plan.perServer.length === 0 ? (
            <Text size="sm">{t('disc.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table data-testid="cost-table" verticalSpacing={4} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('disc.server')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('disc.tools')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('disc.tokens')}
                    </Table.Th>
                    <Table.Th scope="col">{t('disc.deferrable')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {plan.perServer.map((s) => (
                    <Table.Tr key={s.server} data-server={s.server}>
                      <Table.Td className={classes.wrap}>{s.server}</Table.Td>
                      <Table.Td ta="right">{t.number(s.tools)}</Table.Td>
                      <Table.Td ta="right">{t.number(s.tokens)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={s.deferrable ? 'teal' : 'gray'} className={classes.badge}>
                          {s.deferrable ? t('disc.yes') : t('disc.no')}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Accordion variant="contained" transitionDuration={0} defaultValue={(plan.edits ?? []).length > 0 ? 'options' : null}>
            <Accordion.Item value="options">
              <Accordion.Control>{t('disc.options')}</Accordion.Control>
              <Accordion.Panel>
                <OptionSources plan={plan} />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </>
      )}
      <Title order={3} size="h4" mt="sm">
        tool_search
      </Title>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void runSearch(query, mode);
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput type="search" aria-label={t('disc.query')} placeholder={t('disc.queryPlaceholder')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} style={{ flex: '1 1 280px' }} />
          <NativeSelect
            aria-label={t('disc.mode')}
            value={mode}
            onChange={(e) => setMode(e.currentTarget.value as 'keyword' | 'regex')}
            data={[
              { value: 'keyword', label: t('disc.keyword') },
              { value: 'regex', label: t('disc.regex') },
            ]}
          />
          <Button type="submit" loading={search.busy}>
            {t('disc.search')}
          </Button>
        </Group>
      </form>
      {search.error && (
        <Text size="sm" c="red" role="alert">
          {search.error}
        </Text>
      )}
      {search.query && !search.busy && !search.error && search.results.length === 0 && <Text size="sm">{t('disc.noResults')}</Text>}
      <List type="ordered" spacing="xs" data-testid="search-results">
        {search.results.map((r) => (
          <List.Item key={r.name}>
            <Code>{r.name}</Code>{' '}
            <Text span size="xs" c="dimmed">
              {t('disc.score', { score: t.number(Number(r.score.toFixed(2))) })}
            </Text>
            <Text size="sm" className={classes.wrap}>
              {r.description}
            </Text>
            {/* DISC-2: the definition tool_search hands the model, cut at maxSchemaTextLen. */}
            <Code block className={classes.wrap} data-testid="search-schema">
              {r.inputSchemaText ?? JSON.stringify(r.inputSchema ?? {}, null, 2)}
            </Code>
            {r.truncated && (
              <Text size="xs" c="dimmed">
                {t('disc.cut')}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
