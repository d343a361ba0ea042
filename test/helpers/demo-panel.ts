// Starts the panel's web host on a throwaway HOME with real config files and fixture
// servers, prints its URL on stdout, and cleans everything up on SIGTERM/SIGINT.
// Used by scripts/screenshot.sh.
import { makePanelHome, startPanel } from './panel-home';

const home = makePanelHome();
const panel = await startPanel(home);
process.stdout.write(panel.url + '\n');
const stop = () => {
  void panel.stop().finally(() => {
    home.cleanup();
    process.exit(0);
  });
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
