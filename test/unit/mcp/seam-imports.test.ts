// Issue 36 item 5: the MCP seam points one way. Every module under electron/services/mcp/
// imports only the seam itself, shared/, Node builtins and packages, and never the file
// system (the pool passes in what is kept on disk: era verdicts, process-group records).
// The import statements are parsed (static, re-exports, import(), require, createRequire,
// import types), so a new file or a new import is checked without a list kept here.
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const MCP = join(ROOT, 'electron/services/mcp');
const SHARED = join(ROOT, 'shared');
const FS = new Set(['fs', 'fs/promises']);

/** Every module specifier the source names, with what names it (a literal, or null when computed). */
function specifiers(file: string, text: string): Array<{ spec: string | null; line: number }> {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Array<{ spec: string | null; line: number }> = [];
  const add = (node: ts.Node, arg: ts.Node | undefined) =>
    found.push({ spec: arg && ts.isStringLiteralLike(arg) ? arg.text : null, line: src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1 });
  const isRequire = (callee: ts.Expression): boolean =>
    (ts.isIdentifier(callee) && callee.text === 'require') ||
    // createRequire(import.meta.url)('x'), however the result is parenthesised or cast
    (ts.isCallExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'createRequire') ||
    ((ts.isParenthesizedExpression(callee) || ts.isAsExpression(callee)) && isRequire(callee.expression));
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) add(node, node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node, node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal);
    else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || isRequire(node.expression))) add(node, node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(src);
  return found;
}

/** Why a specifier breaks the seam's direction, or null when it may be imported from `file`. */
function refusal(file: string, spec: string | null): string | null {
  if (spec === null) return 'an import whose module is computed (cannot be checked)';
  const bare = spec.replace(/^node:/, '');
  if (FS.has(bare) || bare.startsWith('fs/')) return 'file I/O (the caller passes in what is kept on disk)';
  if (spec.startsWith('node:') || isBuiltin(spec)) return null;
  if (spec.startsWith('.') || spec.startsWith('/')) {
    const target = resolve(dirname(file), spec);
    const inside = (dir: string) => target === dir || target.startsWith(dir + sep);
    return inside(MCP) || inside(SHARED) ? null : `imports ${relative(ROOT, target)}, above the seam`;
  }
  return null; // a package (the SDK, zod, …)
}

function violations(file: string, text: string): string[] {
  return specifiers(file, text).flatMap(({ spec, line }) => {
    const why = refusal(file, spec);
    return why ? [`${relative(ROOT, file)}:${line} ${spec ?? '(computed)'}: ${why}`] : [];
  });
}

const seamFiles = (): string[] =>
  readdirSync(MCP, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|mts|cts|js|mjs)$/.test(f))
    .map((f) => join(MCP, f));

describe('the MCP seam points one way (issue 36 item 5)', () => {
  it('no module under electron/services/mcp/ imports above it or touches the file system', () => {
    const files = seamFiles();
    const all = files.flatMap((f) => specifiers(f, readFileSync(f, 'utf8')));
    // The scan saw the seam: its files, and the SDK import only the seam may make.
    expect(files.length).toBeGreaterThan(15);
    expect(all.some((s) => s.spec === '@modelcontextprotocol/client')).toBe(true);
    expect(files.flatMap((f) => violations(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('the check refuses what breaks the direction and lets the rest through', () => {
    const file = join(MCP, 'probe.ts');
    const src = [
      "import { a } from '../connections/clock';",
      "import type { B } from '../doctor/diagnose';",
      "export { c } from '../paths';",
      "import { readFileSync } from 'node:fs';",
      "import { open } from 'fs/promises';",
      "const d = await import('../own-folder');",
      "const e = require('fs');",
      "const f = createRequire(import.meta.url)('node:fs/promises');",
      "const g = await import(name);",
      "type H = import('../connections/types').X;",
      // allowed
      "import { i } from './session';",
      "import type { J } from '../../../shared/schemas/server';",
      "import { join } from 'node:path';",
      "import { spawn } from 'child_process';",
      "import { z } from 'zod';",
      "import { Client } from '@modelcontextprotocol/client';",
      "const k = createRequire(import.meta.url)('cross-spawn');",
    ].join('\n');
    expect(violations(file, src).map((v) => v.replace(/^\S+:(\d+) .*$/, '$1'))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });
});
