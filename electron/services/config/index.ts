// Public face of the configuration engine (reading half). The writer, import and watcher
// live in their own folders and build on these.
export { ConfigService } from './config-service';
export { detectProfiles } from './detect';
