// REG-2: the command a registry package starts with must be on this machine before anything is
// written for it; when it is not, the user is told which and how to get it (the registry's
// docs name the runners: npx for npm, uvx for pypi, docker for oci, dnx for nuget).
import { findOnPath } from '../config/plugin-rules';

const FIX: Record<string, string> = {
  npx: 'install Node.js 20 or later (it brings npm and npx): https://nodejs.org',
  uvx: 'install uv (it brings uvx): https://docs.astral.sh/uv/getting-started/installation/',
  docker: 'install Docker (Docker Desktop, or the docker engine from your package manager) and start it',
  dnx: 'install the .NET 10 SDK (dnx ships with it): https://dotnet.microsoft.com/download',
};

/** Why `runtime` cannot start here (null: it is on the PATH the servers get). */
export function runtimeProblem(runtime: string | null | undefined, env: NodeJS.ProcessEnv): string | null {
  if (!runtime || findOnPath(runtime, env)) return null;
  return `${runtime} is not on PATH, and this server starts with it; ${FIX[runtime] ?? `install ${runtime}`}, then run the install again`;
}
