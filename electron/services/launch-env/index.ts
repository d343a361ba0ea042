// What a launched stdio server's environment starts from.
export { mergeLaunchEnv, resolveLaunchEnvironment, type LaunchEnvironment } from './launch-env';
export { parseEnvOutput, readLoginShellEnv } from './login-shell';
