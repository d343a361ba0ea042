import { SECTIONS } from '../stores/ui-slice';
import { useApp, useT } from '../store-context';

export function Nav() {
  const t = useT();
  const section = useApp((s) => s.section);
  const setSection = useApp((s) => s.setSection);
  return (
    <nav aria-label={t('nav.label')} className="nav">
      <ul>
        {SECTIONS.map((s) => (
          <li key={s}>
            <button type="button" data-section={s} aria-current={section === s ? 'page' : undefined} onClick={() => setSection(s)}>
              {t(`nav.${s}`)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
