// UI-only state: which section, the filter box, the language and theme (UI-9), and what the
// editor is working on.
import type { StateCreator } from 'zustand';
import type { Locale } from '../../../shared/i18n';
import type { AppState } from './app-store';

export const SECTIONS = ['servers', 'editor', 'tools', 'permissions', 'disclosure', 'login', 'logs', 'settings'] as const;
export type Section = (typeof SECTIONS)[number];
export type Theme = 'system' | 'light' | 'dark';

/** What the editor opens on: a new server, or an existing one (layer + name). */
export type EditTarget = { mode: 'add' } | { mode: 'edit'; id: string };

export interface UiSlice {
  section: Section;
  filter: string;
  locale: Locale;
  /** null = follow the system locale (UI-9). */
  localeChoice: Locale | null;
  theme: Theme;
  editTarget: EditTarget;
  setSection(section: Section): void;
  setFilter(filter: string): void;
  setLocale(locale: Locale): void;
  chooseLocale(choice: Locale | null, system: Locale): void;
  setTheme(theme: Theme): void;
  openEditor(target: EditTarget): void;
}

export const createUiSlice =
  (locale: Locale): StateCreator<AppState, [], [], UiSlice> =>
  (set) => ({
    section: 'servers',
    filter: '',
    locale,
    localeChoice: null,
    theme: 'system',
    editTarget: { mode: 'add' },
    setSection: (section) => set({ section }),
    setFilter: (filter) => set({ filter }),
    setLocale: (l) => set({ locale: l, localeChoice: l }),
    chooseLocale: (choice, system) => set({ localeChoice: choice, locale: choice ?? system }),
    setTheme: (theme) => set({ theme }),
    openEditor: (editTarget) => set({ editTarget, section: 'editor' }),
  });
