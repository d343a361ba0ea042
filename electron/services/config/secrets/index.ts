// CFG-8: the scan over every known file. The rules themselves are shared/secrets (the page uses them too).
export * from './scan';
