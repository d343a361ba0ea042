// UI-only state: which section, the filter box, the language (UI-9).
import type { StateCreator } from 'zustand';
import type { Locale } from '../../../shared/i18n';
import type { AppState } from './app-store';

export const SECTIONS = ['servers', 'tools', 'permissions', 'disclosure', 'logs', 'settings'] as const;
export type Section = (typeof SECTIONS)[number];

export interface UiSlice {
  section: Section;
  filter: string;
  locale: Locale;
  setSection(section: Section): void;
  setFilter(filter: string): void;
  setLocale(locale: Locale): void;
}

export const createUiSlice =
  (locale: Locale): StateCreator<AppState, [], [], UiSlice> =>
  (set) => ({
    section: 'servers',
    filter: '',
    locale,
    setSection: (section) => set({ section }),
    setFilter: (filter) => set({ filter }),
    setLocale: (l) => set({ locale: l }),
  });
