// The Electron glue behind workspace.pickFolder, run without Electron: it asks for a folder
// (not a file), answers the chosen path, and null for a cancel or an empty choice.
import { describe, expect, it } from 'vitest';
import { folderPicker, type ShowOpenDialog } from '../../../electron/main/folder-picker';

// Electron's own types, through the glue (test/ may not import electron).
type OpenDialogOptions = Parameters<ShowOpenDialog>[0];
type OpenDialogReturnValue = Awaited<ReturnType<ShowOpenDialog>>;

function show(answer: OpenDialogReturnValue) {
  const asked: OpenDialogOptions[] = [];
  return { asked, fn: async (o: OpenDialogOptions) => (asked.push(o), answer) };
}

describe('Electron folder picker glue', () => {
  it('asks for one directory and answers its path', async () => {
    const s = show({ canceled: false, filePaths: ['/home/u/proj'] });
    expect(await folderPicker(s.fn)()).toBe('/home/u/proj');
    expect(s.asked).toHaveLength(1);
    expect(s.asked[0]!.properties).toEqual(['openDirectory']);
  });

  it('answers null when the user cancels, even if paths came along', async () => {
    expect(await folderPicker(show({ canceled: true, filePaths: ['/ignored'] }).fn)()).toBeNull();
  });

  it('answers null when nothing was chosen', async () => {
    expect(await folderPicker(show({ canceled: false, filePaths: [] }).fn)()).toBeNull();
  });
});
