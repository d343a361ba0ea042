// `doctor`: why stdio servers do not start, with the fix, and `doctor SERVER
// --try`: one start outside the pool, with what it printed. Both through the panel's dispatch
// (doctor.run, doctor.tryLaunch); the codes are worded here in the user's language.
import type { DoctorServer, TryLaunchOutcome } from '../../../shared/contract';
import { pickLocale, translator, type Locale } from '../../../shared/i18n';
import { describeReason } from '../../../shared/i18n/reasons';
import { EraModeSchema } from '../../../shared/schemas/server';
import { type Command, type CommandContext, optInt, printJson, profileOption, UsageError } from './command';
import { serverIdOf, withPanel } from './panel-call';

type Diagnosis = NonNullable<DoctorServer['diagnosis']>;

function localeOf(ctx: CommandContext): Locale {
  return pickLocale([ctx.env.LC_ALL, ctx.env.LC_MESSAGES, ctx.env.LANG]);
}

const text = (locale: Locale, d: Diagnosis): string => describeReason(locale, d);

function printTry(ctx: CommandContext, locale: Locale, name: string, r: TryLaunchOutcome): void {
  const t = translator(locale);
  if (r.started) ctx.stdout(`$ ${[r.command, ...r.args].join(' ')}  (cwd ${r.cwd})\n`);
  const exit = r.exit ? (r.exit.code ?? r.exit.signal ?? '?') : '?';
  const outcome = r.answered ? t('doctor.answered', { ms: r.ms }) : r.timedOut ? t('doctor.timedOut', { ms: r.ms }) : r.started && r.exit ? t('doctor.exited', { exit, ms: r.ms }) : t('doctor.notStarted');
  ctx.stdout(`${name}: ${outcome}\n`);
  for (const [label, lines] of [
    [t('doctor.stdout'), r.stdout],
    [t('doctor.stderr'), r.stderr],
  ] as const) {
    if (!r.started) continue;
    ctx.stdout(`${label}:\n`);
    ctx.stdout(lines.length ? lines.map((l) => `  ${l}\n`).join('') : `  ${t('doctor.nothing')}\n`);
  }
  if (r.diagnosis) ctx.stdout(`✗ ${text(locale, r.diagnosis)}\n`);
}

const doctor: Command = {
  name: 'doctor',
  summary: 'Why stdio servers do not start, with the fix (--try SERVER: start it once and show what it printed)',
  usage: 'doctor [SERVER] [--try] [--timeout MS] [--profile P] [--workspace DIR] [--json]',
  takesArguments: true,
  options: { profile: { type: 'string' }, workspace: { type: 'string' }, try: { type: 'boolean' }, timeout: { type: 'string' } },
  async run(ctx) {
    const name = ctx.args[0];
    if (ctx.args.length > 1) throw new UsageError('doctor takes at most one SERVER');
    if (ctx.opts.try && !name) throw new UsageError('--try needs a SERVER');
    const timeoutMs = optInt(ctx, 'timeout');
    const locale = localeOf(ctx);
    const t = translator(locale);
    const profile = profileOption(ctx, 'minimax');
    if (ctx.opts.try) {
      // Outside the pool: no discovery, nothing else started.
      return withPanel(ctx, { profile, live: false }, async (call) => {
        const r = await call('doctor.tryLaunch', { id: await serverIdOf(call, name!), ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
        if (ctx.opts.json) printJson(ctx, { server: name, ...r, text: r.diagnosis ? text('en', r.diagnosis) : null });
        else printTry(ctx, locale, name!, r);
        return r.answered ? 0 : 1;
      });
    }
    // The states of a settled discovery: each server's own start, diagnosed as it failed.
    return withPanel(ctx, { profile, live: true }, async (call) => {
      const out = await call('doctor.run', name ? { id: await serverIdOf(call, name) } : {});
      const bad = out.servers.filter((s) => s.diagnosis !== null);
      if (ctx.opts.json) {
        printJson(ctx, { ...out, servers: out.servers.map((s) => ({ ...s, text: s.diagnosis ? text('en', s.diagnosis) : null })) });
        return bad.length ? 1 : 0;
      }
      const env = out.launchEnv;
      ctx.stdout(
        (env.note
          ? t(`doctor.note.${env.note.code}`, { shell: env.shell ?? '' })
          : env.source === 'login-shell'
            ? t('doctor.env.loginShell', { shell: env.shell ?? '', ms: env.ms })
            : t('doctor.env.process')) + '\n',
      );
      ctx.stdout(t('doctor.path', { path: env.path }) + '\n');
      if (!out.servers.length) ctx.stdout(t('doctor.none') + '\n');
      for (const s of out.servers) {
        const era = s.protocolVersion ? ` ${t('doctor.era', { version: s.protocolVersion, era: t(`era.${s.era ?? 'legacy'}`) })}` : '';
        ctx.stdout(s.diagnosis ? `✗ ${s.name}: ${text(locale, s.diagnosis)}\n` : `✓ ${s.name}: ${t('doctor.ok')}${era}\n`);
      }
      return bad.length ? 1 : 0;
    });
  },
};

/** PROTO-1: `era SERVER [legacy|auto|modern]`: the person's per-server choice, in the panel's settings. */
const era: Command = {
  name: 'era',
  summary: 'Which MCP protocol era a server is spoken to in (auto, legacy 2025-11-25, modern 2026-07-28); kept in the panel, not the agent file',
  usage: 'era SERVER [auto|legacy|modern] [--profile P] [--workspace DIR] [--json]',
  takesArguments: true,
  options: { profile: { type: 'string' }, workspace: { type: 'string' } },
  async run(ctx) {
    const [name, mode] = ctx.args;
    if (!name || ctx.args.length > 2) throw new UsageError('era takes SERVER and optionally auto, legacy or modern');
    const parsed = mode === undefined ? undefined : EraModeSchema.safeParse(mode);
    if (parsed && !parsed.success) throw new UsageError(`era: "${mode}" is not auto, legacy or modern`);
    const t = translator(localeOf(ctx));
    return withPanel(ctx, { profile: profileOption(ctx, 'minimax'), live: false }, async (call) => {
      const id = await serverIdOf(call, name);
      if (parsed) await call('servers.setEraMode', { id, mode: parsed.data });
      const { mode: now } = await call('servers.eraMode', { id });
      if (ctx.opts.json) printJson(ctx, { server: name, mode: now });
      else ctx.stdout(`${name}: ${t(`era.mode.${now}`)}\n`);
      return 0;
    });
  },
};

export const doctorCommands: Command[] = [doctor, era];
