// SKILL-1/SKILL-2 on connect: a server that declares the skills extension has its skills listed
// once its tools are (one request), so its row can say a skill changed since it was approved
// (CONN-11 pins: the tray's review fix) and what they cost an agent that loads them.
import { estimateTokens } from '../../../shared/disclosure/plan';
import type { ConnectionSpec } from '../../../shared/schemas/server';
import type { Session } from '../mcp';
import { pinOf } from './pins';
import { skillDigest, type SkillPins } from './skill-pins';
import type { ServerInfo } from './types';

export async function watchSkills(s: Session, spec: ConnectionSpec, pins: SkillPins | undefined, timeoutMs: number): Promise<ServerInfo['skills']> {
  if (!s.skillsSupported()) return null;
  // A new session: ask the server (a kept listing belongs to the session before).
  const { skills } = await s.listSkills(timeoutMs, true);
  const owner = pinOf(spec);
  const change = pins && owner ? await pins.check(owner, skills.map(skillDigest)) : null;
  return { count: skills.length, tokens: skills.reduce((n, k) => n + estimateTokens({ name: k.name, description: k.description }), 0), changed: change !== null };
}
