// Injected into the Node bundles: bundled CommonJS (write-file-atomic) reads __filename and
// __dirname, which an ES module does not have. esbuild swaps each free use for these.
export const __filename = import.meta.filename;
export const __dirname = import.meta.dirname;
