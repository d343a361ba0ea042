// One agent's folder (shared/profiles/<id>/: facts and files) as the engine uses it: layers
// resolved over the real file system (io.ts), loaded by the one loader (kit.ts), the agent's
// own defaults applied to every entry, and its rule files parsed in their format.
import { agentFiles, profileFacts } from '../../../../shared/profiles';
import type { LoadContext, LoadKit, ReadRules } from '../../../../shared/profiles/loading';
import type { Profile } from '../../../../shared/schemas/server';
import { emptyLayer, hostVariables, loadLayer, readText } from '../layer-loader';
import { parseConfig, readConfigFile, type FileRead } from '../read-file';
import { agentIo, pathsFor } from './io';
import { loadFiles } from './kit';
import type { EngineProfile } from './types';

const EMPTY: ReadRules = { rules: { allow: [], ask: [], deny: [] }, problem: null };

export function engineOf(profile: Profile): EngineProfile {
  const facts = profileFacts(profile);
  const files = agentFiles(profile);
  // A profile resolves paths for the OS it is given: the host's unless a test names another.
  const onOs = <T extends { platform?: NodeJS.Platform }>(w: T): T & { platform: NodeJS.Platform } => ({ ...w, platform: w.platform ?? process.platform });
  const withDefaults = async (ctx: LoadContext): Promise<LoadContext> => (files.defaults ? { ...ctx, agentDefaults: await files.defaults(onOs(ctx), agentIo(ctx.platform)) } : ctx);
  const kit: LoadKit<FileRead> = {
    readFile: (path, opts = {}) => readConfigFile(path, opts),
    readText,
    loaded: (read) => read.state === 'ok',
    loadLayer,
    emptyLayer: (opts, state) => emptyLayer(opts, state),
    hostVariables,
    loadFiles: (locations, ctx) => loadFiles(profile, locations, ctx, files),
  };
  const engine: EngineProfile = {
    facts,
    layerPaths: (where) => files.layers(onOs(where), agentIo(where.platform)),
    async loadLayers(ctx) {
      const io = agentIo(ctx.platform);
      const full = await withDefaults(onOs(ctx));
      if (files.load) return files.load(full, io, kit);
      // AGENT-9: plugin servers sit under every file of the agent's own (a same-name entry there wins).
      const [locations, plugins] = await Promise.all([files.layers(full, io), files.plugins ? files.plugins(full, io) : []]);
      return loadFiles(profile, locations, full, files, plugins);
    },
    memoryContext: withDefaults,
    detection: (home, env, platform) => files.detection({ home, env, platform }, pathsFor(platform)),
  };
  const { ruleFiles, readRules, ruleFormat, dataDir } = files;
  if (dataDir) engine.dataDir = (where) => dataDir(onOs(where), agentIo(where.platform));
  if (ruleFiles) engine.ruleFiles = (where) => ruleFiles(onOs(where), agentIo(where.platform));
  if (readRules) {
    engine.readRuleText = (text, path) => {
      if (text === null || text.trim() === '') return EMPTY;
      const parsed = parseConfig(text, ruleFormat?.(path) ?? facts.format);
      if (!parsed.ok) return { ...EMPTY, problem: { code: 'parse', params: { line: parsed.line, column: parsed.column } } };
      return readRules(parsed.doc.value, path);
    };
  }
  return engine;
}
