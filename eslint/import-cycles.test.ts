import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles.ts';

/** The cycle check of `npm run lint` (issue 30), on small trees written for the test. */
describe('import cycles', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-cycles-'));
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, module: 'ESNext', moduleResolution: 'bundler' } }));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    // A runtime cycle.
    write('runtime/a.ts', "import { b } from './b.ts';\nexport const a = () => b;\n");
    write('runtime/b.ts', "import { a } from './a.ts';\nexport const b = () => a;\n");
    // A cycle made only by a type import, as services.ts and the modules once were.
    write('types/services.ts', "import type { Module } from './module.ts';\nexport interface Services { modules: Module[] }\n");
    write('types/module.ts', "import type { Services } from './services.ts';\nexport interface Module { seed(services: Services): void }\n");
    // A cycle through a package.json subpath alias, as #server/… and #web/… are.
    write('alias/package.json', JSON.stringify({ type: 'module', imports: { '#alias/*': './*' } }));
    write('alias/services.ts', "import type { Module } from '#alias/module.ts';\nexport interface Services { modules: Module[] }\n");
    write('alias/module.ts', "import type { Services } from '#alias/services.ts';\nexport interface Module { seed(services: Services): void }\n");
    // An import of the tree's own code that does not resolve.
    write('broken/a.ts', "import { b } from './missing.ts';\nexport const a = b;\n");
    // No cycle: both import a leaf.
    write('leaf/leaf.ts', 'export const shared = 1;\n');
    write('leaf/one.ts', "import { shared } from './leaf.ts';\nexport const one = shared;\n");
    write('leaf/two.ts', "import type { one } from './one.ts';\nimport { shared } from './leaf.ts';\nexport const two: typeof one = shared;\n");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const cyclesIn = (tree: string) => importCycles([path.join(dir, tree)], { tsConfig: path.join(dir, 'tsconfig.json') });

  it('finds a runtime import cycle', async () => {
    expect(await cyclesIn('runtime')).toEqual([['a.ts', 'b.ts']]);
  });

  it('finds a cycle made only by type imports', async () => {
    expect(await cyclesIn('types')).toEqual([['module.ts', 'services.ts']]);
  });

  it('finds a cycle through a subpath alias (#…), as the server and the web import', async () => {
    expect(await cyclesIn('alias')).toEqual([['module.ts', 'services.ts']]);
  });

  it('fails rather than pass over an import of the tree it cannot follow', async () => {
    await expect(cyclesIn('broken')).rejects.toThrow('could not follow: ./missing.ts');
  });

  it('finds none where files only share a leaf', async () => {
    expect(await cyclesIn('leaf')).toEqual([]);
  });
});
