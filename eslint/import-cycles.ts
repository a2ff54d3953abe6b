/**
 * `npm run lint` fails on any import cycle (issue 30): in the server, the worker and the web, with
 * type-only imports counted, since a type cycle ties files as tightly for a reader as a runtime one.
 * madge finds them (it resolves the `#server/*` and `@sahay/server/*` paths through tsconfig.json).
 *
 *   npx tsx eslint/import-cycles.ts            checks the repository, prints each cycle, exits 1 on any
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import madge from 'madge';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The source trees checked: each on its own, as madge resolves imports relative to its base. */
export const CHECKED_TREES = ['server/src', 'worker/src', 'web/src'] as const;

/**
 * Every import cycle among the TypeScript files under `roots`, each as its files in import order.
 * An import of the tree's own code that madge could not resolve (a relative path or a `#` alias) would
 * hide every cycle through it, so it throws instead; `@sahay/…` imports of another workspace are left
 * out on purpose (the server imports neither the worker nor the web, so no cycle can cross them).
 */
export async function importCycles(roots: readonly string[], options: { tsConfig?: string } = {}): Promise<string[][]> {
  const graph = await madge([...roots], {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: options.tsConfig ?? path.join(REPO, 'tsconfig.json'),
    // Type-only imports count (madge's default, stated so a change of default cannot hide cycles).
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  const unresolved = graph.warnings().skipped.filter((specifier) => specifier.startsWith('.') || specifier.startsWith('#'));
  if (unresolved.length > 0) throw new Error(`Imports the cycle check could not follow: ${unresolved.join(', ')}`);
  return graph.circular();
}

async function main(): Promise<number> {
  const cycles = await importCycles(CHECKED_TREES.map((tree) => path.join(REPO, tree)));
  for (const [index, cycle] of cycles.entries()) console.error(`${index + 1}) ${cycle.join(' > ')}`);
  if (cycles.length > 0) {
    console.error(`\n${cycles.length} import cycle(s). Move what both files need into a file of its own (docs/decisions/048).`);
    return 1;
  }
  console.log(`No import cycles in ${CHECKED_TREES.join(', ')} (type imports included).`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
