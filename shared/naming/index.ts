export * from './schemes';
export * from './minimax-registry';
export * from './assign';
export * from './cross-profile';
