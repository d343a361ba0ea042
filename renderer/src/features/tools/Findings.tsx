// CONN-11 on screen: the poisoning checks' findings on a tool (its detail, the drift view), each
// with its kind, its reason, where it is and the text around it (invisible characters escaped by
// the host). Shown beside the text, never in place of it: the person decides.
import { Alert, Badge, Code, Group, List, Text } from '@mantine/core';
import type { Finding } from '../../../../shared/trust/finding';
import { useT } from '../../store-context';

/** `showTool`: a server's list (each finding names its tool); otherwise one tool's. */
export function FindingList({ findings, testId = 'findings', showTool = false }: { findings: ReadonlyArray<Finding & { fresh?: boolean }>; testId?: string; showTool?: boolean }) {
  const t = useT();
  if (findings.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={t.plural('trust.findings', findings.length)} data-testid={testId}>
      <List size="sm" spacing={6}>
        {findings.map((f, i) => (
          <List.Item key={i} data-finding={f.code} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              {showTool && (
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {f.tool}
                </Text>
              )}
              <Badge size="sm" variant="dot" color="orange">
                {t.code('trust.kind', { code: f.kind })}
              </Badge>
              {f.fresh && (
                <Badge size="sm" variant="default">
                  {t('trust.newFinding')}
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {t('trust.field', { field: f.field })}
              </Text>
            </Group>
            {/* A payload or an escape run has no spaces to break at: it wraps anywhere, never widens the dialog. */}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t.code('trust.code', f)}
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {f.excerpt}
            </Code>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
