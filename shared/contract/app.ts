// app.*: what the host is, opening a link (SEC-1), and the panel's own UI settings (UI-9).
import { z } from 'zod';
import type { Locale } from '../i18n';
import { method, ACTION, READ, SERVED } from '../rpc';

/** Which front door the engine runs behind: the CLI names itself (issue 36 item 3). */
export const HostKindSchema = z.enum(['electron', 'web', 'cli']);
export type HostKind = z.infer<typeof HostKindSchema>;

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  host: HostKindSchema,
  platform: z.string(),
  /** The host can show a native folder chooser (workspace.pickFolder); the browser cannot. */
  nativeFolderPicker: z.boolean(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const ThemeSchema = z.enum(['system', 'light', 'dark']);
export const LanguageSchema = z.enum(['system', 'en', 'zh']);
type Chosen = Exclude<z.infer<typeof LanguageSchema>, 'system'>;
// A locale added to shared/i18n must be added above too: this stops compiling until it is.
const _sameLocales: [Chosen, Locale] extends [Locale, Chosen] ? true : never = true;

/** UI-9: kept by the host in the panel's data folder so a reload keeps them. */
export const PanelSettingsSchema = z.object({ theme: ThemeSchema, language: LanguageSchema });
export type PanelSettings = z.infer<typeof PanelSettingsSchema>;

export const appMethods = {
  'app.info': method(z.object({}), AppInfoSchema, SERVED),
  /** SEC-1: only http(s), only on a user's click; the host checks again. */
  /** Answers the URL handed to the system's browser. */
  'app.openExternal': method(z.object({ url: z.string().max(4096) }), z.object({ opened: z.string() }), ACTION, ['refused', 'unsupported']),
  'app.settings': method(z.object({}), PanelSettingsSchema, READ),
  /** Only the fields given change; the answer is the whole, saved result. */
  'app.setSettings': method(PanelSettingsSchema.partial(), PanelSettingsSchema, ACTION),
};

export const appEvents = {
  /**
   * UI-10: a tray fix that needs the person opens the page on it: the changed tool list's review,
   * the changed skills (Server details, Skills), or the server that does not start (Servers, its
   * row's launch doctor).
   */
  'app.navigate': z.object({ serverId: z.string(), show: z.enum(['review', 'skills', 'doctor']) }),
};
