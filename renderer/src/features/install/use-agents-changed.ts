// Issue 34: the other detected agents' files are watched by the host; a view built on them
// (Across agents, the other agents' rows, the tab title's sum) asks again when one changes.
import { useEffect, useState } from 'react';
import { useBridge } from '../../store-context';

/** When another agent's files last changed (0 until they do): a dependency for the views that read them. */
export function useAgentsChangedAt(): number {
  const bridge = useBridge();
  const [at, setAt] = useState(0);
  useEffect(() => bridge?.on('install.agentsChanged', (ev) => setAt(ev.at)), [bridge]);
  return at;
}
