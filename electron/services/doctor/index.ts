// The launch doctor: why a stdio server did not start, and a one-off try.
export { createLaunchDoctor, type LaunchDoctor } from './doctor';
export { tryLaunch } from './try-launch';
