// UI-8 in the browser: the tab's title and favicon mirror the tray (same pure model).
import { AGGREGATE_COLORS, type TrayModel } from '../../shared/tray';

export function faviconHref(model: TrayModel): string {
  const color = AGGREGATE_COLORS[model.aggregate];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="7" fill="#1f2430"/><circle cx="16" cy="16" r="9" fill="${color}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function mirrorTray(doc: Document, model: TrayModel, appTitle: string): void {
  doc.title = `${appTitle} — ${model.tooltip}`;
  let link = doc.getElementById('favicon') as HTMLLinkElement | null;
  if (!link) {
    link = doc.createElement('link');
    link.id = 'favicon';
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  link.href = faviconHref(model);
  link.dataset.state = model.aggregate;
}
