// UI-8: renders the pure tray model (shared/tray.ts); no logic of its own.
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron';
import type { TrayAction, TrayModel } from '../../shared/tray';
import type { Aggregate } from '../../shared/tray';
import { iconPng } from '../services/api/icon-art';

function image(aggregate: Aggregate) {
  const img = nativeImage.createFromBuffer(iconPng(aggregate, 16));
  img.addRepresentation({ scaleFactor: 2, buffer: iconPng(aggregate, 32) });
  return img;
}

export class PanelTray {
  private readonly tray: Tray;
  private shown: Aggregate | null = null;

  constructor(private readonly onAction: (action: TrayAction) => void) {
    this.tray = new Tray(image('idle'));
    this.tray.on('click', () => onAction({ type: 'open' }));
  }

  render(model: TrayModel): void {
    if (this.shown !== model.aggregate) {
      this.tray.setImage(image(model.aggregate));
      this.shown = model.aggregate;
    }
    this.tray.setToolTip(model.tooltip);
    const items: MenuItemConstructorOptions[] = model.menu.map((item) => {
      switch (item.kind) {
        case 'separator':
          return { type: 'separator' };
        case 'action':
          return { label: item.label, click: () => this.onAction(item.action) };
        case 'bridge':
        case 'agent':
          return { label: item.label, enabled: false };
        case 'server':
          return item.actions.length
            ? { label: item.label, submenu: item.actions.map((a) => ({ label: a.label, click: () => this.onAction(a.action) })) }
            : { label: item.label, enabled: false };
      }
    });
    this.tray.setContextMenu(Menu.buildFromTemplate(items));
  }

  destroy(): void {
    this.tray.destroy();
  }
}
