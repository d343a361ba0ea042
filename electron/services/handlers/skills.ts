// skills.*: a connected server's skills (SKILL-1, SEP-2640) with files and digests, one file's
// text verified against its digest (SKILL-2), and their approval under the server's pin
// (CONN-11, issue 38 items 1 and 3): first sight approved, a changed digest shown until accepted.
import type { AppContract, SkillsView } from '../../../shared/contract';
import { estimateTokens } from '../../../shared/disclosure/plan';
import { AppError } from '../../../shared/errors';
import { PROFILES } from '../../../shared/schemas/server';
import { profileFacts } from '../../../shared/profiles';
import type { Handlers } from '../../../shared/rpc';
import { checkOwnTexts } from '../../../shared/trust/poisoning';
import type { ApiCore } from '../api/core';
import { pinOf } from '../connections/pins';
import { skillDigest, type SkillPins } from '../connections/skill-pins';
import { SkillReadError, type Session } from '../mcp';
import { overSession } from './inspect';

type SkillHandlers = Pick<Handlers<AppContract>, 'skills.list' | 'skills.read' | 'skills.accept'>;

const TIMEOUT_MS = 30_000;

/** SKILL-1: the agents that load a server's skills over a connection of this era. */
const loadedBy = (era: 'legacy' | 'modern') => PROFILES.filter((p) => {
  const m = profileFacts(p).mcpSkills;
  return m !== undefined && (m.era === 'any' || era === 'modern');
});

export function skillHandlers(core: ApiCore, pins: SkillPins | undefined): SkillHandlers {
  const pinsOrFail = () => {
    if (!pins) throw new AppError('unavailable', 'this host keeps no skill approvals');
    return pins;
  };
  const owner = (serverId: string) => {
    const spec = core.findServer(serverId).spec;
    const o = spec ? pinOf(spec) : undefined;
    if (!o) throw new AppError('refused', 'this server has no command or URL to know it by', { reason: 'not-running' });
    return o;
  };
  const list = (serverId: string, fresh = false) => overSession(core, serverId, null, async (s: Session) => ({ era: s.era, listing: await s.listSkills(TIMEOUT_MS, fresh) }));
  return {
    'skills.list': async ({ serverId, refresh }): Promise<SkillsView> => {
      const { era, listing } = await list(serverId, refresh);
      const changed = listing.supported && pins ? await pins.check(owner(serverId), listing.skills.map(skillDigest)) : null;
      return {
        serverId,
        serverName: core.findServer(serverId).name,
        supported: listing.supported,
        era,
        skills: listing.skills.map((k) => ({ ...k, tokens: estimateTokens({ name: k.name, description: k.description }), findings: checkOwnTexts({ name: k.name, description: k.description }, { ownTools: [] }) })),
        invalid: listing.invalid,
        ttlMs: listing.ttlMs,
        changed,
        loadedBy: listing.supported ? loadedBy(era) : [],
      };
    },
    'skills.read': async ({ serverId, uri, ref }) => {
      try {
        const file = await overSession(core, serverId, null, (s) => s.readSkill(uri, ref, TIMEOUT_MS));
        return { ...file, findings: file.text === null ? [] : checkOwnTexts({ name: file.uri, description: file.text }, { ownTools: [] }) };
      } catch (err) {
        if (err instanceof SkillReadError) throw new AppError('refused', `the skill file was not shown: ${err.message}`, { reason: `skill-${err.reason}` });
        throw err;
      }
    },
    'skills.accept': async ({ serverId }) => {
      // What is accepted is what the server serves now, never a kept listing.
      const { listing } = await list(serverId, true);
      await pinsOrFail().accept(owner(serverId), listing.skills.map(skillDigest));
      core.pool().skillsAccepted?.(serverId);
      core.announce('skills accepted');
      return { accepted: listing.skills.length };
    },
  };
}
