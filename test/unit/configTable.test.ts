import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../api/src/foundation/config';

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8');

/** The variables config.ts reads: `env.NAME`, and the names its readers take (`positiveInteger(env, 'NAME', …)`). */
const readByConfig = () => [...read('api/src/foundation/config.ts').matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|, '([A-Z][A-Z0-9_]*)')/g)]
  .map((match) => match[1] ?? match[2]);

/** The first column of the README's configuration table. */
const inTheTable = () => {
  const section = read('README.md').split(/^## Configuration$/m)[1].split(/^## /m)[0];
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]);
};

describe("the README's configuration table (docs/operations.md calls it the full table)", () => {
  it('names every environment variable config.ts reads', () => {
    const read = new Set(readByConfig());
    expect(read).toContain('DATABASE_POOL_MAX');
    expect([...read].filter((name) => !inTheTable().includes(name))).toEqual([]);
  });

  it('names each variable once', () => {
    const names = inTheTable();
    expect(names.filter((name, at) => names.indexOf(name) !== at)).toEqual([]);
  });
});
