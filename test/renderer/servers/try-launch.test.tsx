// The launch doctor in the servers view: a failed stdio row shows the doctor's diagnosis (the
// state's code, worded here) and a "Try launch" button that shows what the server printed.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TryLaunchOutcome } from '../../../shared/contract';
import { serverRow, serversView } from '../fake-bridge';
import { mountView, ok } from '../mount';

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  cleanup();
});

const exited: TryLaunchOutcome = { command: '/srv/bin/exit3', args: [], cwd: '/home/u', started: true, answered: false, exit: { code: 3, signal: null }, timedOut: false, ms: 42, stdout: [], stderr: ['loading config', 'fatal: API_KEY missing'], diagnosis: { code: 'exited_at_once', params: { exit: 3 }, reason: 'loading config | fatal: API_KEY missing' } };

async function mount(locale: 'en' | 'zh') {
  const view = serversView([
    serverRow({ name: 'py', state: { kind: 'failed', code: 'command_elsewhere', params: { command: 'uvx', path: '/usr/bin:/bin', found: '/opt/homebrew/bin/uvx' }, reason: 'spawn uvx ENOENT', since: 1, retryAt: null }, toolCount: null, connectMs: null }),
    serverRow({ name: 'fine' }),
  ]);
  const m = await mountView('servers', { 'servers.list': ok(view), 'doctor.tryLaunch': ok(exited) }, { locale });
  dispose = m.off;
  return m;
}

const rowOf = (name: string) => document.querySelector(`tr[data-server="${name}"]`) as HTMLElement;
/** The row under a failed server that explains it (issue 14 item 8). */
const explainOf = (name: string) => document.querySelector(`tr[data-explains="${name}"]`) as HTMLElement;

describe('launch doctor in the server row', () => {
  it('words the diagnosis with its fix, and offers Try launch on the failed row only', async () => {
    await mount('en');
    expect(within(rowOf('py')).getByTestId('reason')).toHaveTextContent('uvx is not on the PATH the server starts with (/usr/bin:/bin); the login shell finds it: use /opt/homebrew/bin/uvx: spawn uvx ENOENT');
    expect(within(rowOf('fine')).queryByRole('button', { name: /Try launch/ })).toBeNull();
    expect(within(explainOf('py')).getByRole('button', { name: 'Try launch py' })).toBeInTheDocument();
    expect(explainOf('fine')).toBeNull();
  });

  it('Try launch calls the host once and shows what the server printed, in Chinese too', async () => {
    const fake = await mount('zh');
    await userEvent.click(within(explainOf('py')).getByRole('button', { name: '试启动 py' }));
    expect(fake.calls.filter((c) => c.method === 'doctor.tryLaunch')).toEqual([{ method: 'doctor.tryLaunch', input: { id: 'configured:minimax:py' } }]);
    const out = await screen.findByTestId('try-output');
    expect(out).toHaveTextContent('在 42 毫秒后退出（退出码 3）');
    expect(within(out).getByTestId('try-stderr')).toHaveTextContent('fatal: API_KEY missing');
    expect(within(out).getByTestId('try-stdout')).toHaveTextContent('（无）');
    expect(within(out).getByTestId('try-diagnosis')).toHaveTextContent('服务器在响应之前就退出了（退出码 3）: loading config | fatal: API_KEY missing');
    await userEvent.click(within(out).getByRole('button', { name: '关闭' }));
    expect(screen.queryByTestId('try-output')).toBeNull();
  });
});
