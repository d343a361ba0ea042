// The native "choose a folder" behind workspace.pickFolder. Takes Electron's showOpenDialog as
// a parameter (types only from 'electron') so a unit test runs it without Electron.
import type { OpenDialogOptions, OpenDialogReturnValue } from 'electron';
import type { FolderPicker } from '../services/handlers/workspace';

export type ShowOpenDialog = (options: OpenDialogOptions) => Promise<OpenDialogReturnValue>;

export function folderPicker(show: ShowOpenDialog, title = 'Choose a workspace folder'): FolderPicker {
  return async () => {
    const r = await show({ title, properties: ['openDirectory'] });
    return r.canceled ? null : (r.filePaths[0] ?? null);
  };
}
