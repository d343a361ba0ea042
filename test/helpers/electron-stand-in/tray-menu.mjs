// Stand-ins for Tray, Menu/MenuItem and nativeImage: they keep what the app set (image, tool
// tip, context menu) so the test can read the tray, and let the test click what a person could.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { alive, needReady, record } from './recorder.mjs';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR, or null when the bytes are not a PNG (→ empty image). */
function pngSize(buffer) {
  const b = Buffer.from(buffer);
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE) || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

export class NativeImage {
  #reps = new Map(); // scaleFactor → { buffer, size }

  constructor(buffer, scaleFactor = 1) {
    const size = buffer ? pngSize(buffer) : null;
    if (size) this.#reps.set(scaleFactor, { buffer: Buffer.from(buffer), size });
  }

  isEmpty() {
    return this.#reps.size === 0;
  }

  getSize(scaleFactor = 1) {
    const rep = this.#reps.get(scaleFactor) ?? [...this.#reps.values()][0];
    return rep ? { ...rep.size } : { width: 0, height: 0 };
  }

  getScaleFactors() {
    return [...this.#reps.keys()].sort((a, b) => a - b);
  }

  /** Electron: adds a representation for a scale factor; undecodable bytes are ignored. */
  addRepresentation(options) {
    const size = options.buffer ? pngSize(options.buffer) : null;
    if (size) this.#reps.set(options.scaleFactor ?? 1, { buffer: Buffer.from(options.buffer), size });
  }

  toPNG(options = {}) {
    return Buffer.from(this.#reps.get(options.scaleFactor ?? 1)?.buffer ?? []);
  }

  describe() {
    return {
      empty: this.isEmpty(),
      size: this.getSize(),
      scaleFactors: this.getScaleFactors(),
      png: Object.fromEntries([...this.#reps].map(([f, r]) => [f, r.buffer.toString('base64')])),
    };
  }
}

export const nativeImage = {
  createFromBuffer(buffer, options = {}) {
    return new NativeImage(buffer, options.scaleFactor ?? 1);
  },
  createFromPath(path) {
    try {
      return new NativeImage(readFileSync(path));
    } catch {
      return new NativeImage(null);
    }
  },
  createEmpty() {
    return new NativeImage(null);
  },
};

function toImage(image) {
  if (image instanceof NativeImage) return image;
  if (typeof image === 'string') return nativeImage.createFromPath(image);
  throw new TypeError('Insufficient number of arguments.'); // what Electron says for a wrong argument
}

export class MenuItem {
  constructor(options) {
    if (!options || (options.label === undefined && options.role === undefined && options.type === undefined && options.submenu === undefined)) {
      throw new TypeError('Invalid template for MenuItem: must have at least one of label, role or type');
    }
    this.label = options.label ?? '';
    this.type = options.type ?? (options.submenu ? 'submenu' : 'normal');
    this.enabled = options.enabled ?? true;
    this.visible = options.visible ?? true;
    this.click = options.click;
    this.submenu = options.submenu ? (options.submenu instanceof Menu ? options.submenu : Menu.buildFromTemplate(options.submenu)) : undefined;
  }

  describe() {
    return { label: this.label, type: this.type, enabled: this.enabled, ...(this.submenu ? { submenu: this.submenu.describe() } : {}) };
  }
}

export class Menu extends EventEmitter {
  items = [];

  static buildFromTemplate(template) {
    if (!Array.isArray(template)) throw new TypeError('Invalid template for Menu: Menu template must be an array');
    const menu = new Menu();
    for (const item of template) menu.append(item instanceof MenuItem ? item : new MenuItem(item));
    return menu;
  }

  append(item) {
    this.items.push(item);
  }

  describe() {
    return this.items.map((i) => i.describe());
  }
}

/** Only the trays still alive; the test reads the last one. */
export const trays = [];

export class Tray extends EventEmitter {
  #destroyed = false;
  image;
  toolTip = '';
  contextMenu = null;

  constructor(image) {
    super();
    needReady('Tray');
    this.image = toImage(image);
    record('Tray.new', this.image);
    trays.push(this);
  }

  setImage(image) {
    alive(this);
    this.image = toImage(image);
    record('Tray.setImage', this.image);
  }

  setToolTip(toolTip) {
    alive(this);
    this.toolTip = String(toolTip);
    record('Tray.setToolTip', this.toolTip);
  }

  setContextMenu(menu) {
    alive(this);
    if (menu !== null && !(menu instanceof Menu)) throw new TypeError('Error processing argument at index 0, conversion failure');
    this.contextMenu = menu;
    record('Tray.setContextMenu', menu);
  }

  destroy() {
    record('Tray.destroy');
    this.#destroyed = true;
  }

  isDestroyed() {
    return this.#destroyed;
  }

  describe() {
    return { destroyed: this.#destroyed, toolTip: this.toolTip, image: this.image.describe(), menu: this.contextMenu?.describe() ?? null, listeners: this.eventNames() };
  }

  /** Test-driven: a click on the icon (emits 'click' as Electron does). */
  driveClick() {
    alive(this);
    this.emit('click', { altKey: false, shiftKey: false, ctrlKey: false, metaKey: false }, { x: 0, y: 0, width: 16, height: 16 }, { x: 0, y: 0 });
  }

  /** Test-driven: a person picks menu items by label path; disabled items cannot be clicked. */
  driveMenuClick(path, focusedWindow) {
    alive(this);
    let menu = this.contextMenu;
    let item;
    for (const label of path) {
      item = menu?.items.find((i) => i.label === label && i.visible);
      if (!item) throw new Error(`no menu item "${label}" in ${JSON.stringify(menu?.describe() ?? null)}`);
      if (!item.enabled) throw new Error(`menu item "${label}" is disabled`);
      menu = item.submenu;
    }
    if (!item?.click) throw new Error(`menu item "${path.join(' › ')}" has no click handler`);
    item.click(item, focusedWindow, { triggeredByAccelerator: false, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false });
  }
}
