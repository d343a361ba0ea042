// env / headers rows with a keychain field: a secret-looking literal is one click away from
// the keychain (CFG-8); the value then leaves the draft for good.
import { useEffect, useState } from 'react';
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
    <fieldset className="pairs">
      <legend>{label}</legend>
      {pairs.map(([k, v], i) => {
        const secret = looksSecret(kind, k, v);
        return (
          <div className="pair" key={i} data-pair={k}>
            <input aria-label={t('editor.pairKey', { what: label, n: i + 1 })} value={k} onChange={(e) => set(i, e.target.value, v)} />
            <input aria-label={t('editor.pairValue', { what: label, n: i + 1 })} type={secret ? 'password' : 'text'} value={v} onChange={(e) => set(i, k, e.target.value)} />
            <button type="button" disabled={!k || !v || !secret || !usable} onClick={() => onKeychain(kind === 'env' ? { kind: 'env', key: k } : { kind: 'header', key: k }, v)} title={usable ? t('editor.keychainHelp') : t('editor.keychainUnusable', { agent })}>
              {t('editor.toKeychain')}
            </button>
            <button type="button" aria-label={t('editor.removePair', { key: k || String(i + 1) })} onClick={() => update(pairs.filter((_, j) => j !== i))}>
              ×
            </button>
            {secret && <div className="warn small">{usable ? t('editor.secretHint') : t('editor.keychainUnusable', { agent })}</div>}
          </div>
        );
      })}
      <button type="button" onClick={() => update([...pairs, ['', '']])}>
        {t('editor.addPair', { what: label })}
      </button>
    </fieldset>
  );
}
