// CFG-9: watch a profile's files and report which servers changed.
export * from './config-watcher';
