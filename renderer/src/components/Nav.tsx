// The sections (UI-1…UI-9) as Mantine NavLinks rendered as buttons: one tab stop each, the
// current one marked with aria-current for screen readers and tests alike.
import { NavLink } from '@mantine/core';
import { SECTIONS } from '../stores/ui-slice';
import { useApp, useT } from '../store-context';

export function Nav() {
  const t = useT();
  const section = useApp((s) => s.section);
  const setSection = useApp((s) => s.setSection);
  return (
    <nav aria-label={t('nav.label')}>
      {SECTIONS.map((s) => (
        <NavLink
          key={s}
          component="button"
          type="button"
          data-section={s}
          label={t(`nav.${s}`)}
          active={section === s}
          aria-current={section === s ? 'page' : undefined}
          onClick={() => setSection(s)}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        />
      ))}
    </nav>
  );
}
