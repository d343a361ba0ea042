// The conformance suite's client entry (`npm run --silent conformance:client -- <url>`):
// the panel's own auth engine (TokenBroker + LoginService, headless person for the click)
// in front of the SDK client. Scenario in MCP_CONFORMANCE_SCENARIO, extra data in
// MCP_CONFORMANCE_CONTEXT; must exit 0 within 30 s.
import { runScenario } from './conformance/scenarios';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? 'initialize';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, unknown>;
if (!url || !/^https?:\/\//.test(url)) {
  process.stderr.write('usage: conformance-client <server-url>\n');
  process.exit(2);
}
const watchdog = setTimeout(() => {
  process.stderr.write(`scenario ${scenario}: gave up after 28 s\n`);
  process.exit(1);
}, 28_000);
watchdog.unref();
runScenario(scenario, url, context).then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`scenario ${scenario} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
