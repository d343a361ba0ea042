// bench:scale's baseline for reading: a fresh node process that parses every agent file of the
// setup with the parsers the panel uses (jsonc-parser, toml-eslint-parser, yaml), nothing else.
// Usage: node bench/scale/bare-parse.mjs FILES.json   ([{path, format}])
import { readFileSync } from 'node:fs';
import { parseTree } from 'jsonc-parser';
import { parseTOML } from 'toml-eslint-parser';
import { parseDocument } from 'yaml';

let nodes = 0;
for (const { path, format } of JSON.parse(readFileSync(process.argv[2], 'utf8'))) {
  const text = readFileSync(path, 'utf8');
  if (format === 'toml') nodes += parseTOML(text).body.length;
  else if (format === 'yaml') nodes += parseDocument(text).contents ? 1 : 0;
  else nodes += parseTree(text, [], { allowTrailingComma: true })?.children?.length ?? 0;
}
process.stdout.write(`${nodes}\n`);
