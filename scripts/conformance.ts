// `npm run conformance [-- --json-out FILE] [--sequential] [scenario …]`: the official MCP conformance suite's
// client scenarios (`--suite all`, in parallel) against the built scripts/conformance-client.ts
// (see scripts/conformance/run-suite.ts).
import { main } from './conformance/run-suite';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`conformance: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
