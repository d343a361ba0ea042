// `npm run conformance [-- --json-out FILE] [--revision REV] [--sequential] [scenario …]`: the official
// MCP conformance suite's client scenarios (`--requirements` of 2026-07-28 and of 2025-11-25)
// against the built scripts/conformance-client.ts
// (see scripts/conformance/run-suite.ts).
import { main } from './conformance/run-suite';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`conformance: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
