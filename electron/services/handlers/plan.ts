// plan.*: the selected agent's context plan (CTX-2): preview, apply, undo, list.
import type { AppContract } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { Handlers } from '../../../shared/rpc';
import type { ApiCore } from '../api/core';
import type { RegistryPort } from '../api/ports';
import type { ConfigWriter } from '../config/writer/config-writer';
import type { BridgeCommand } from '../bridge/install-command';
import { previewPlan } from '../context/plan';
import { applyPlan, listPlans, undoPlan, UnknownPlanError } from '../context/plan-records';
import type { AgentRules } from './permissions';

type PlanHandlers = Pick<Handlers<AppContract>, 'plan.preview' | 'plan.apply' | 'plan.undo' | 'plan.list'>;

/** Where plans write (the config writer) and keep their undo records (the panel's data folder). */
export interface PlanPort {
  writer: ConfigWriter;
  dataDir: string;
  /** What a bridge line starts, for an agent without filter fields (null: none found). */
  bridgeCommand: BridgeCommand | null;
}

export function planHandlers(core: ApiCore, deps: { registry: RegistryPort; rules: AgentRules; env: Readonly<Record<string, string | undefined>>; plans?: PlanPort }): PlanHandlers {
  const port = (): PlanPort => {
    if (!deps.plans) throw new AppError('unavailable', 'this host does not write context plans');
    return deps.plans;
  };
  const planDeps = () => ({ registry: deps.registry, rules: deps.rules, writer: port().writer, env: deps.env, bridgeCommand: port().bridgeCommand, dataDir: port().dataDir });
  return {
    'plan.preview': async (input) => (await previewPlan(core, planDeps(), input)).view,
    'plan.apply': async ({ baseHashes, ...input }) => {
      const { view, writes } = await previewPlan(core, planDeps(), input);
      // CFG-7: a file that changed since the person looked at its diff is not written.
      const stale = writes.filter((w) => Object.hasOwn(baseHashes, w.path) && baseHashes[w.path] !== w.base.hash);
      const fresh = writes.filter((w) => !stale.includes(w));
      // A deferred server hides no tool: only the tools the filters hold back count as dropped.
      const dropped = view.suggestions.filter((s) => s.picked && s.blocked === null && s.kind !== 'defer').length;
      const out = await applyPlan(port().writer, port().dataDir, view.profile, fresh, dropped);
      out.failed.unshift(...stale.map((w) => ({ path: w.path, code: 'conflict', message: `${w.path} changed since the preview; look at the plan again` })));
      if (out.written.length) await core.changed(`context plan written to ${out.written.map((w) => w.path).join(', ')}`);
      return out;
    },
    'plan.undo': async ({ id }) => {
      try {
        const out = await undoPlan(port().writer, port().dataDir, id);
        if (out.restored.length) await core.changed(`context plan ${id} undone`);
        return out;
      } catch (err) {
        if (err instanceof UnknownPlanError) throw new AppError('not-found', err.message);
        throw err;
      }
    },
    'plan.list': async () => ({ plans: await listPlans(port().dataDir) }),
  };
}
