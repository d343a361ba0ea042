// env / headers rows with a keychain field: a secret-looking literal is one click away from
// the keychain (CFG-8); the value then leaves the draft for good.
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { SecretSlot } from '../../../../shared/contract';
import { useApp, useT } from '../../store-context';
import { keychainUsable, looksSecret, type Pairs } from './draft';

interface Props {
  label: string;
  kind: 'env' | 'header';
  pairs: Pairs;
  onChange(p: Pairs): void;
  onKeychain(slot: SecretSlot, value: string): void;
}

const named = (p: Pairs) => JSON.stringify(p.filter(([k]) => k.trim() !== ''));

export function PairsEditor({ label, kind, pairs: given, onChange, onKeychain }: Props) {
  const t = useT();
  const usable = useApp((s) => keychainUsable(s.layers, s.draftLayer, kind));
  const agent = useApp((s) => s.profiles?.selection.profile ?? 'minimax');
  // Rows still being typed (no name yet) exist only here; the draft holds the named ones.
  const [pairs, setPairs] = useState<Pairs>(given);
  useEffect(() => {
    setPairs((mine) => (named(mine) === named(given) ? mine : given));
  }, [given]);
  const update = (next: Pairs) => {
    setPairs(next);
    onChange(next);
  };
  const set = (i: number, k: string, v: string) => update(pairs.map((p, j) => (j === i ? [k, v] : p)));
  return (
    <Fieldset legend={label} className="pairs" variant="filled">
      <Stack gap="xs">
        {pairs.map(([k, v], i) => {
          const secret = looksSecret(kind, k, v);
          return (
            <div key={i} data-pair={k}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <TextInput style={{ flex: 2 }} ff="monospace" aria-label={t('editor.pairKey', { what: label, n: i + 1 })} value={k} onChange={(e) => set(i, e.currentTarget.value, v)} />
                <TextInput style={{ flex: 3 }} ff="monospace" aria-label={t('editor.pairValue', { what: label, n: i + 1 })} type={secret ? 'password' : 'text'} value={v} onChange={(e) => set(i, k, e.currentTarget.value)} />
                <Tooltip label={usable ? t('editor.keychainHelp') : t('editor.keychainUnusable', { agent })} multiline maw={320}>
                  <Button variant="default" disabled={!k || !v || !secret || !usable} onClick={() => onKeychain(kind === 'env' ? { kind: 'env', key: k } : { kind: 'header', key: k }, v)}>
                    {t('editor.toKeychain')}
                  </Button>
                </Tooltip>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('editor.removePair', { key: k || String(i + 1) })} onClick={() => update(pairs.filter((_, j) => j !== i))}>
                  ×
                </ActionIcon>
              </Group>
              {secret && (
                <Text size="sm" c="yellow" mt={4}>
                  {usable ? t('editor.secretHint') : t('editor.keychainUnusable', { agent })}
                </Text>
              )}
            </div>
          );
        })}
        <Group>
          <Button variant="light" size="xs" onClick={() => update([...pairs, ['', '']])}>
            {t('editor.addPair', { what: label })}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
