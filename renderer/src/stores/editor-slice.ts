// UI-2 editor: the draft, the writer's answer and the way forward (CFG-7, CFG-8).
import type { StateCreator } from 'zustand';
import type { EditableLayer, ImportPlan, ImportReport, ImportSource, KeychainStatus, SecretSlot, ServerRow } from '../../../shared/contract';
import type { Conflict, ErrorData, RpcError } from '../../../shared/errors';
import type { LayerKind } from '../../../shared/schemas/server';
import type { PanelBridge } from '../bridge';
import { emptyEntry, type Entry } from '../features/editor/draft';
import type { AppState } from './app-store';

export interface Refusal {
  error: RpcError;
  reason: string | null;
  /** inline_secret findings: pointer + fix, never a value; codes (UI-9) from hosts that send them. */
  findings: NonNullable<ErrorData['findings']>;
  conflict: Conflict | null;
}

export interface EditorSlice {
  /** For parts of the editor that talk to the host themselves (the bridge offer, BRIDGE-4). */
  editorBridge: Pick<PanelBridge, 'call'>;
  layers: EditableLayer[] | null;
  draftLayer: LayerKind;
  draftName: string;
  originalName: string | null;
  draft: Entry;
  refusal: Refusal | null;
  saving: boolean;
  saved: string | null;
  /** Secrets moved to the keychain in this draft: the variable named in the file, and AUTH-5 warnings. */
  secretNotes: { variable: string; keychain: KeychainStatus | null }[];
  /** The preview of an import (nothing written yet), with the request it answers. */
  importPlan: ImportPlan | null;
  importRequest: { from: ImportSource; replace: boolean } | null;
  importBusy: boolean;
  importReport: ImportReport | null;
  loadLayers(): Promise<void>;
  startDraft(row: ServerRow | null): Promise<void>;
  setDraft(entry: Entry): void;
  setDraftName(name: string): void;
  setDraftLayer(layer: LayerKind): void;
  save(overwrite?: boolean): Promise<boolean>;
  removeServer(): Promise<boolean>;
  /** True when the host started the draft as a session-only server. */
  trySession(): Promise<boolean>;
  moveToKeychain(slot: SecretSlot, secret: string): Promise<string | null>;
  previewImport(from: ImportSource, replace: boolean): Promise<void>;
  /** Writes the picked servers of the previewed source into the layer the preview named. */
  importFrom(only: string[]): Promise<void>;
}

function refusalOf(error: RpcError): Refusal {
  const data = error.data;
  return { error, reason: data?.reason ?? null, findings: data?.findings ?? [], conflict: data?.conflict ?? null };
}

export const createEditorSlice =
  (bridge: PanelBridge): StateCreator<AppState, [], [], EditorSlice> =>
  (set, get) => {
    const hashOf = (layer: LayerKind) => get().layers?.find((l) => l.layer === layer)?.hash ?? null;
    const dialect = () => get().profiles?.selection.profile ?? get().view?.profile ?? 'minimax';
    return {
      editorBridge: bridge,
      layers: null,
      draftLayer: 'user',
      draftName: '',
      originalName: null,
      draft: { command: '' },
      refusal: null,
      saving: false,
      saved: null,
      secretNotes: [],
      importPlan: null,
      importRequest: null,
      importBusy: false,
      importReport: null,
      async loadLayers() {
        const r = await bridge.call('editor.layers', {});
        if (r.ok) set({ layers: r.value.layers });
        else set({ refusal: refusalOf(r.error) });
      },
      async startDraft(row) {
        set({
          draftLayer: row?.layer ?? 'user',
          draftName: row?.name ?? '',
          originalName: row?.name ?? null,
          draft: row ? { ...row.entry } : emptyEntry(dialect()),
          refusal: null,
          saved: null,
          secretNotes: [],
        });
        await get().loadLayers();
      },
      setDraft: (draft) => set({ draft, saved: null }),
      setDraftName: (draftName) => set({ draftName, saved: null }),
      setDraftLayer: (draftLayer) => set({ draftLayer }),
      async save(overwrite = false) {
        const { draftLayer, draftName, originalName, draft } = get();
        set({ saving: true, refusal: null, saved: null });
        const r = await bridge.call('editor.save', { layer: draftLayer, name: draftName, originalName, entry: draft, baseHash: hashOf(draftLayer), overwrite });
        if (!r.ok) {
          set({ saving: false, refusal: refusalOf(r.error) });
          return false;
        }
        set({ saving: false, saved: r.value.path, originalName: draftName });
        // The rows arrive with `servers.changed`; only the file hashes are asked for again.
        await get().loadLayers();
        return true;
      },
      async removeServer() {
        const { draftLayer, originalName } = get();
        if (originalName === null) return false;
        const r = await bridge.call('editor.remove', { layer: draftLayer, name: originalName, baseHash: hashOf(draftLayer) });
        if (!r.ok) {
          set({ refusal: refusalOf(r.error) });
          return false;
        }
        await get().startDraft(null);
        return true;
      },
      async trySession() {
        const { draftName, draft } = get();
        set({ refusal: null });
        const r = await bridge.call('editor.trySession', { name: draftName, entry: draft });
        if (!r.ok) set({ refusal: refusalOf(r.error) });
        return r.ok;
      },
      async moveToKeychain(slot, secret) {
        const { draftName, draftLayer, draft: current } = get();
        // SEC-6: the host binds the secret to what the entry runs or reaches; env and headers stay here.
        const entry = Object.fromEntries(Object.entries(current).filter(([k]) => k === 'command' || k === 'args' || k === 'url'));
        const r = await bridge.call('editor.storeSecret', { name: draftName || 'server', layer: draftLayer, entry, slot, secret });
        if (!r.ok) {
          set({ refusal: refusalOf(r.error) });
          return null;
        }
        const draft = { ...get().draft };
        if (slot.kind === 'authToken') {
          delete draft.authToken;
          draft.authTokenEnv = r.value.replacement;
        } else {
          const field = slot.kind === 'env' ? 'env' : 'headers';
          draft[field] = { ...((draft[field] as Record<string, string> | undefined) ?? {}), [slot.key]: r.value.replacement };
        }
        const note = { variable: r.value.variable, keychain: r.value.keychain };
        set((s) => ({ draft, secretNotes: [...s.secretNotes, note], refusal: s.refusal && s.refusal.reason === 'inline_secret' ? { ...s.refusal, findings: s.refusal.findings.filter((f) => !samePointer(f.pointer, slot)) } : s.refusal }));
        return r.value.variable;
      },
      async previewImport(from, replace) {
        const layer = get().draftLayer;
        set({ importRequest: { from, replace }, importBusy: true, importReport: null, refusal: null });
        const r = await bridge.call('editor.importPreview', { from, layer, replace });
        // A later pick (another source, layer or replace) may have overtaken this answer.
        const req = get().importRequest;
        if (req?.from !== from || req.replace !== replace || get().draftLayer !== layer) return;
        if (!r.ok) return set({ importBusy: false, importPlan: null, refusal: refusalOf(r.error) });
        set({ importBusy: false, importPlan: r.value });
      },
      async importFrom(only) {
        const { importPlan: plan, importRequest: req } = get();
        if (!plan || !req || only.length === 0) return;
        set({ importBusy: true, refusal: null });
        // The layer the user saw in the preview, not whatever the draft says now.
        const r = await bridge.call('editor.import', { from: req.from, layer: plan.layer, only, replace: req.replace });
        if (!r.ok) return set({ importBusy: false, refusal: refusalOf(r.error) });
        set({ importBusy: false, importReport: r.value, importPlan: null });
      },
    };
  };

/** The writer reports file pointers (`/mcpServers/<name>/env/X`); the draft is the entry. */
export function entryPointer(pointer: string): string {
  return pointer.replace(/^\/mcpServers\/[^/]+/, '');
}

function samePointer(filePointer: string, slot: SecretSlot): boolean {
  const pointer = entryPointer(filePointer);
  if (slot.kind === 'authToken') return pointer === '/authToken';
  return pointer === `/${slot.kind === 'env' ? 'env' : 'headers'}/${slot.key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** A finding's pointer as a keychain slot, when the value can move there. */
export function slotOf(filePointer: string): SecretSlot | null {
  const pointer = entryPointer(filePointer);
  if (pointer === '/authToken') return { kind: 'authToken' };
  const m = /^\/(env|headers)\/(.+)$/.exec(pointer);
  if (!m) return null;
  const key = m[2]!.replace(/~1/g, '/').replace(/~0/g, '~');
  return m[1] === 'env' ? { kind: 'env', key } : { kind: 'header', key };
}
