export * from './rules';
export * from './match';
export * from './simulate';
