// AGENT-8: ask an agent's own CLI for its view of its servers, on the person's request only.
// Only the reading command its profile names (agent-cli.ts), never in a workspace the panel does
// not trust (a listing may start the project's servers), bounded in time and output, in its own
// process group (whatever it started ends with it). Its answer is kept as the agent's last word.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { versionIn, type AgentCli } from '../../../shared/profiles/agent-cli';
import { AGENT_CLIS } from '../../../shared/profiles/agent-clis';
import { AgentAnswerSchema, compareWithAgent, type AgentAnswer } from '../../../shared/profiles/agent-answer';
import { profileFacts } from '../../../shared/profiles';
import type { EffectiveView, Profile } from '../../../shared/schemas/server';
import { findOnPath } from '../config/plugin-rules';
import { readOwnFile, writeOwnFile } from '../own-folder';

const MAX_OUTPUT = 1 << 20;

export interface AskOptions {
  env: NodeJS.ProcessEnv;
  /** Where the agent is asked (its project files are this folder's). */
  workspace: string;
  /** The panel's data folder: the last word of each agent is kept there. */
  dataDir: string;
  /** Whether the panel trusts the workspace (CFG-10). */
  trusted: boolean;
  timeoutMs: number;
  now?: () => number;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(process.platform === 'win32' ? child.pid : -child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    const take = (add: string, into: 'out' | 'err') => {
      if (into === 'out') stdout = (stdout + add).slice(0, MAX_OUTPUT);
      else stderr = (stderr + add).slice(0, MAX_OUTPUT);
    };
    child.stdout.on('data', (c: Buffer) => take(c.toString('utf8'), 'out'));
    child.stderr.on('data', (c: Buffer) => take(c.toString('utf8'), 'err'));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      killGroup(); // the servers its listing started are in its group
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

/** The agent's reading command, or why the panel cannot ask this agent. */
export function agentCli(profile: Profile, env: NodeJS.ProcessEnv): AgentCli {
  const cli = AGENT_CLIS[profile];
  const label = profileFacts(profile).label;
  if (!cli) throw new AppError('unsupported', `${label} has no command line the panel knows that lists its servers without changing them`, { reason: 'no_cli', params: { agent: label } });
  if (!findOnPath(cli.bin, env)) throw new AppError('not-found', `${label}'s command "${cli.bin}" is not on PATH; install ${label} or add its folder to PATH`, { reason: 'not_installed', params: { agent: label, bin: cli.bin } });
  return cli;
}

/** Runs the agent's listing in the workspace and compares it with the panel's reading of the same files. */
export async function askAgent(view: EffectiveView, opts: AskOptions): Promise<AgentAnswer> {
  const label = profileFacts(view.profile).label;
  const { workspace } = opts;
  if (!opts.trusted) throw new AppError('refused', `the panel does not trust ${workspace}: ${label}'s listing may start its project servers; trust the workspace first (mcp-panel trust --workspace ${workspace})`, { reason: 'untrusted' });
  const cli = agentCli(view.profile, opts.env);
  const asked = await run(cli.bin, ['--version'], workspace, opts.env, opts.timeoutMs);
  const version = versionIn(asked.stdout + asked.stderr);
  if (!version) throw new AppError('unavailable', `${cli.bin} --version printed no version (${(asked.stdout + asked.stderr).trim().slice(0, 200) || 'nothing'})`, { reason: 'no_version' });
  const listed = await run(cli.bin, cli.list, workspace, opts.env, opts.timeoutMs);
  const command = [cli.bin, ...cli.list];
  if (listed.timedOut) throw new AppError('unavailable', `${command.join(' ')} did not finish within ${Math.round(opts.timeoutMs / 1000)} s; it was stopped`, { reason: 'timeout' });
  if (listed.code !== 0) throw new AppError('unavailable', `${command.join(' ')} exited ${listed.code}: ${(listed.stderr || listed.stdout).trim().slice(0, 500)}`, { reason: 'agent_failed' });
  let servers;
  try {
    servers = cli.parse(cli.stream === 'stdout' ? listed.stdout : listed.stdout + listed.stderr, version);
  } catch (err) {
    throw new AppError('unsupported', `the panel cannot read ${label} ${version}'s listing: ${err instanceof Error ? err.message : String(err)}`, { reason: 'unknown_format' });
  }
  const answer: AgentAnswer = {
    profile: view.profile,
    agent: label,
    workspace,
    command,
    version,
    at: (opts.now ?? Date.now)(),
    startsServers: cli.startsServers,
    entries: compareWithAgent(view.servers, servers),
  };
  await keep(opts.dataDir, answer);
  return answer;
}

const KeptSchema = z.object({ version: z.literal(1), answers: z.array(AgentAnswerSchema) });
const file = (dataDir: string) => join(dataDir, 'agent-answers.json');

/** The agents' last words, one per agent and workspace (SEC-8: the user's own file). */
export function lastAnswers(dataDir: string): AgentAnswer[] {
  const read = readOwnFile(dataDir, file(dataDir));
  if (read.state !== 'ok') return [];
  try {
    const parsed = KeptSchema.safeParse(JSON.parse(read.bytes.toString('utf8')));
    return parsed.success ? parsed.data.answers : [];
  } catch {
    return [];
  }
}

async function keep(dataDir: string, answer: AgentAnswer): Promise<void> {
  const others = lastAnswers(dataDir).filter((a) => a.profile !== answer.profile || a.workspace !== answer.workspace);
  await writeOwnFile(dataDir, file(dataDir), `${JSON.stringify({ version: 1, answers: [...others, answer] }, null, 2)}\n`);
}
