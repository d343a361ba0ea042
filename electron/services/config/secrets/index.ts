// CFG-8: inline-secret rules (writer, importer) and the scan over every known file.
export * from './secret-rules';
export * from './scan';
