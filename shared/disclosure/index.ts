export * from './options';
export * from './plan';
export * from './tokenize';
export * from './search';
export * from './invoke';
