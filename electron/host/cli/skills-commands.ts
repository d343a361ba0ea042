// SKILL-1/SKILL-2 on the command line: `skills SERVER` lists a server's skills with their files
// and digests (and a change since the approval), `--read URI [--ref PATH]` prints one file verified
// against its digest, `--accept` approves them for every entry running the server. The same
// methods as the Skills tab (skills.list / skills.read / skills.accept).
import { profileFacts } from '../../../shared/profiles';
import { type Command, optString, printJson, profileOption, UsageError } from './command';
import { findingLine } from './findings';
import { serverIdOf, withPanel } from './panel-call';

const skillsCommand: Command = {
  name: 'skills',
  summary: "A server's skills (SEP-2640): files with sizes and SHA-256 digests, who loads them, a change since you approved them; --read a file verified against its digest; --accept",
  usage: 'skills SERVER [--profile P] [--workspace DIR] [--refresh] [--read URI [--ref PATH]] [--accept] [--json]',
  takesArguments: true,
  options: { profile: { type: 'string' }, workspace: { type: 'string' }, read: { type: 'string' }, ref: { type: 'string' }, accept: { type: 'boolean' }, refresh: { type: 'boolean' } },
  async run(ctx) {
    const [server] = ctx.args;
    if (!server || ctx.args.length > 1) throw new UsageError('skills takes one SERVER');
    const profile = profileOption(ctx);
    return withPanel(ctx, { profile, live: true }, async (call) => {
      const serverId = await serverIdOf(call, server);
      const uri = optString(ctx, 'read');
      if (uri) {
        const ref = optString(ctx, 'ref');
        const file = await call('skills.read', { serverId, uri, ...(ref ? { ref } : {}) });
        if (ctx.opts.json) return printJson(ctx, file);
        ctx.stdout(`${file.uri} (${file.size} bytes, ${file.verified ? 'verified against its digest' : 'not verified: a dynamic skill'})\n`);
        for (const f of file.findings) ctx.stdout(`  ! ${findingLine(f)}\n`);
        return void ctx.stdout(`${file.text ?? '(binary)'}\n`);
      }
      if (ctx.opts.accept) {
        const r = await call('skills.accept', { serverId });
        return ctx.opts.json ? printJson(ctx, r) : void ctx.stdout(`${server}: ${r.accepted} skills accepted, for every entry running this server\n`);
      }
      const v = await call('skills.list', { serverId, refresh: !!ctx.opts.refresh });
      if (ctx.opts.json) return printJson(ctx, v);
      if (!v.supported) return void ctx.stdout(`${server} offers no skills (it does not declare the skills extension)\n`);
      const agents = v.loadedBy.map((p) => profileFacts(p).label);
      ctx.stdout(`${v.skills.length} skills over ${v.era === 'modern' ? '2026-07-28' : '2025-11-25'}; ${agents.length ? `loaded into context by ${agents.join(', ')}` : 'no agent the panel knows loads them over this connection'}\n`);
      if (v.changed) ctx.stdout(`  ! changed since accepted: ${[...v.changed.added.map((u) => `+${u}`), ...v.changed.removed.map((u) => `-${u}`), ...v.changed.changed.map((u) => `~${u}`)].join(', ')} (read them, then \`skills ${server} --accept\`)\n`);
      for (const s of v.skills) {
        ctx.stdout(`${s.name}  ${s.uri}  ~${s.tokens} tokens\n  ${s.description}\n`);
        for (const f of s.findings) ctx.stdout(`  ! ${findingLine(f)}\n`);
        if (s.files === 'dynamic') ctx.stdout('  dynamic: no digests published\n');
        else for (const f of s.files) ctx.stdout(`  ${f.uri}  ${f.size} B  ${f.digest}\n`);
      }
      for (const i of v.invalid) ctx.stdout(`  refused ${i.uri ?? '?'}: ${i.reason}\n`);
    });
  },
};

export const skillsCommands: Command[] = [skillsCommand];
