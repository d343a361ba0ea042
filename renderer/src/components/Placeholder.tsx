import type { Section } from '../stores/ui-slice';
import { useT } from '../store-context';

/** Clearly marked: these views arrive with the next issue (UI-2 … UI-7). */
export function Placeholder({ section }: { section: Section }) {
  const t = useT();
  return (
    <section className="placeholder" aria-labelledby="placeholder-title" data-placeholder={section}>
      <h2 id="placeholder-title">
        {t(`nav.${section}`)} <span className="badge">{t('placeholder.title')}</span>
      </h2>
      <p>{t('placeholder.body')}</p>
    </section>
  );
}
