import fs from 'node:fs';
import path from 'node:path';

/*
 * The kernel (kernel/, reached as @kernel/*) is the only code the admin and the API share: it runs
 * in the browser and in Node alike, so it imports nothing but its own files, and neither side
 * reaches into the other's folder. tsconfig.kernel.json refuses packages and node:* at the type
 * check; this test also catches what the type checker lets through (side-effect imports, a path
 * that climbs out of kernel/, admin/src ↔ api/src).
 */
const root = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The module specifiers of a file's import and export statements, dynamic imports and requires,
 * comments left out (they may name the other side's files).
 */
function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [
    /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]));
}

/** Where a specifier leads, relative to the root: a path for relative and @kernel/ ones, else the package name. */
function target(file: string, spec: string): string {
  if (spec.startsWith('@kernel/')) return path.join('kernel', spec.slice('@kernel/'.length));
  if (spec.startsWith('.')) return path.relative(root, path.resolve(root, path.dirname(file), spec));
  return spec;
}

const inside = (folder: string) => (to: string) => to === folder || to.startsWith(`${folder}${path.sep}`);

describe('importsOf', () => {
  it('reads import, export, dynamic and require specifiers and skips comments', () => {
    const source = [
      "import a, { b } from './a';", "import type { C } from '@kernel/c';", "import {\n  d,\n} from 'koa';",
      "import 'side-effect';", "export { e } from '../e';", "const f = await import('node:fs');",
      "const g = require('knex');", "// import h from '../../api/src/h';", "/* import i from 'react'; */",
      ' * the rule of api/src/users/roles.ts', "const s = 'from here';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['./a', '@kernel/c', 'koa', '../e', 'side-effect', 'node:fs', 'knex']);
  });
});

describe('the kernel boundary', () => {
  const kernel = sourceFiles('kernel');

  it('has the shared code to check', () => {
    expect(kernel.length).toBeGreaterThan(20);
  });

  it.each(kernel)('%s imports only kernel files (no packages, no node:*, nothing from admin or api)', (file) => {
    const outside = importsOf(fs.readFileSync(path.join(root, file), 'utf8'))
      .filter((spec) => !inside('kernel')(target(file, spec)));
    expect(outside).toEqual([]);
  });

  it.each([
    ['admin/src', 'api'],
    ['api/src', 'admin'],
  ])('no file under %s imports from %s/ (the shared code is in the kernel)', (side, other) => {
    const crossings = sourceFiles(side).flatMap((file) => importsOf(fs.readFileSync(path.join(root, file), 'utf8'))
      .filter((spec) => inside(other)(target(file, spec))).map((spec) => `${file}: ${spec}`));
    expect(crossings).toEqual([]);
  });
});
