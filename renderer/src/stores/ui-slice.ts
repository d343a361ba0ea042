// UI-only state: which section, the filter box, the language and theme (UI-9), and what the
// editor is working on. Theme and language are the host's to keep (app.settings), so a reload
// keeps them; everything else here lives and dies with the page.
import type { StateCreator } from 'zustand';
import type { AppInfo, PanelSettings } from '../../../shared/contract';
import type { RpcError } from '../../../shared/errors';
import type { Locale } from '../../../shared/i18n';
import type { PanelBridge } from '../bridge';
import type { AppState } from './app-store';
import type { Result } from '../../../shared/result';

export const SECTIONS = ['servers', 'detail', 'editor', 'discover', 'agents', 'tools', 'permissions', 'disclosure', 'login', 'logs', 'settings'] as const;
export type Section = (typeof SECTIONS)[number];
export type Theme = PanelSettings['theme'];

/** What the editor opens on: a new server, or an existing one (layer + name). */
export type EditTarget = { mode: 'add' } | { mode: 'edit'; id: string };

export interface UiSlice {
  section: Section;
  /** The sidebar folded away (issue 22: more room at 900 px); the header's button toggles it. */
  navCollapsed: boolean;
  toggleNav(): void;
  filter: string;
  locale: Locale;
  /** null = follow the system locale (UI-9). */
  localeChoice: Locale | null;
  theme: Theme;
  editTarget: EditTarget;
  /** The registry entry Discover shows (REG-1; `#/discover/<name>` opens it); null: the search. */
  discoverEntry: string | null;
  /** What the host is and can do (app.info); null until asked. */
  appInfo: AppInfo | null;
  /** The last failed load or save of the settings; the choice still applies to this page. */
  settingsError: RpcError | null;
  setSection(section: Section): void;
  setFilter(filter: string): void;
  setLocale(locale: Locale): void;
  chooseLocale(choice: Locale | null, system: Locale): void;
  setTheme(theme: Theme): void;
  openEditor(target: EditTarget): void;
  /** Discover, on one entry's detail or (null) on the search. */
  openDiscover(entry: string | null): void;
  /** Takes the saved theme and language; a choice made while asking wins over them. */
  loadSettings(system: Locale): Promise<void>;
  loadAppInfo(): Promise<void>;
  /** The host's native folder chooser (only where appInfo.nativeFolderPicker says there is one). */
  pickFolder(): Promise<Result<{ path: string | null }>>;
}

export const createUiSlice =
  (locale: Locale, bridge: PanelBridge): StateCreator<AppState, [], [], UiSlice> =>
  (set) => {
    let chosen = false;
    // One save after another, so two quick changes reach the host in the order they were made.
    let saving: Promise<unknown> = Promise.resolve();
    const save = (patch: Partial<PanelSettings>) => {
      chosen = true;
      saving = saving.then(async () => {
        const r = await bridge.call('app.setSettings', patch);
        set({ settingsError: r.ok ? null : r.error });
      });
    };
    return {
      section: 'servers',
      navCollapsed: false,
      toggleNav: () => set((s) => ({ navCollapsed: !s.navCollapsed })),
      filter: '',
      locale,
      localeChoice: null,
      theme: 'system',
      editTarget: { mode: 'add' },
      discoverEntry: null,
      appInfo: null,
      settingsError: null,
      setSection: (section) => set({ section }),
      setFilter: (filter) => set({ filter }),
      setLocale: (l) => {
        set({ locale: l, localeChoice: l });
        save({ language: l });
      },
      chooseLocale: (choice, system) => {
        set({ localeChoice: choice, locale: choice ?? system });
        save({ language: choice ?? 'system' });
      },
      setTheme: (theme) => {
        set({ theme });
        save({ theme });
      },
      openEditor: (editTarget) => set({ editTarget, section: 'editor' }),
      openDiscover: (discoverEntry) => set({ discoverEntry, section: 'discover' }),
      async loadSettings(system) {
        const r = await bridge.call('app.settings', {});
        if (!r.ok) return set({ settingsError: r.error });
        if (chosen) return;
        const choice = r.value.language === 'system' ? null : r.value.language;
        set({ theme: r.value.theme, localeChoice: choice, locale: choice ?? system, settingsError: null });
      },
      async loadAppInfo() {
        const r = await bridge.call('app.info', {});
        if (r.ok) set({ appInfo: r.value });
      },
      pickFolder: () => bridge.call('workspace.pickFolder', {}),
    };
  };
