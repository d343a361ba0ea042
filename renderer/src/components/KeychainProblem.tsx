// AUTH-5: why the keychain cannot be used and what to do, in the page's language; the keychain
// library's own words follow inside the sentence as the raw detail they are.
import { Text } from '@mantine/core';
import type { KeychainStatus } from '../../../shared/contract';
import { useT } from '../store-context';

export function KeychainProblem({ status }: { status: Pick<KeychainStatus, 'code' | 'detail' | 'reason'> }) {
  const t = useT();
  if (!status.code) return status.reason ? <Text size="xs" data-raw>{status.reason}</Text> : null;
  return (
    <Text size="xs" data-testid="keychain-problem">
      {t(`keychain.${status.code}.reason`, { detail: status.detail ?? '' })} — {t(`keychain.${status.code}.fix`)}
    </Text>
  );
}
