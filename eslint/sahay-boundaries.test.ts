import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Proof that the module boundaries hold (issue 9): the repository's own eslint.config.js lints
 * fixture text under pretend paths, since the rules decide by where a file lives. Every message is
 * asserted (rule and line), so a fixture that stops parsing or trips another rule fails too.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: path.join(repoRoot, 'eslint.config.js') });
});

async function lintFixtureAs(fixture: string, filePath: string): Promise<ESLint.LintResult> {
  const text = readFileSync(path.join(repoRoot, 'eslint/fixtures', `${fixture}.ts.txt`), 'utf8');
  const [result] = await eslint.lintText(text, { filePath: path.join(repoRoot, filePath) });
  if (!result) throw new Error(`ESLint returned no result for ${fixture}`);
  return result;
}

/** `rule@line` for every message, so a parse error (no rule) shows up as `null@line`. */
async function problems(fixture: string, filePath: string): Promise<string[]> {
  const result = await lintFixtureAs(fixture, filePath);
  return result.messages.map((message) => `${message.ruleId}@${message.line}`);
}

async function messagesOf(fixture: string, filePath: string): Promise<string[]> {
  const result = await lintFixtureAs(fixture, filePath);
  return result.messages.map((message) => message.message);
}

const IN_IDENTITY = 'server/src/modules/identity/fixture.ts';
/** Above community in the module layers (docs/decisions/048), so only the boundary rule speaks. */
const IN_ADMIN = 'server/src/modules/admin/fixture.ts';

describe('sahay/module-boundaries inside a module', () => {
  it("refuses a deep import of another module's file through the #server alias", async () => {
    expect(await problems('deep-import-alias', IN_ADMIN)).toEqual(['sahay/module-boundaries@1']);
  });

  it('refuses the same deep import written as a relative path', async () => {
    expect(await problems('deep-import-relative', IN_ADMIN)).toEqual(['sahay/module-boundaries@1']);
  });

  it('refuses a deep import from a sub-folder of a module', async () => {
    expect(await problems('deep-import-from-subfolder', 'server/src/modules/admin/audit/fixture.ts')).toEqual(['sahay/module-boundaries@1']);
  });

  it('refuses a type-only import of internals too: types another module needs belong in its .api.ts', async () => {
    expect(await problems('type-import-of-internals', 'server/src/modules/community/fixture.ts')).toEqual(['sahay/module-boundaries@1']);
  });

  it('names the rule and the public API file to import from instead', async () => {
    const [message] = await messagesOf('deep-import-relative', IN_ADMIN);
    expect(message).toContain('sahay/module-boundaries');
    expect(message).toContain("'server/src/modules/community/team/team'");
    expect(message).toContain('Import it from #server/modules/community/community.api instead');
  });

  it("allows the other module's .api.ts, as alias and as relative path", async () => {
    expect(await problems('other-module-api', IN_ADMIN)).toEqual([]);
  });

  it("allows the other module's shared *.schema.ts files", async () => {
    expect(await problems('other-module-schema', IN_ADMIN)).toEqual([]);
  });

  it('allows anything inside the same module, its sub-folders and the platform', async () => {
    expect(await problems('same-module', IN_IDENTITY)).toEqual([]);
    expect(await problems('same-module-from-subfolder', 'server/src/modules/identity/accounts/fixture.ts')).toEqual([]);
    expect(await problems('same-module', 'server/src/modules/identity/identity.int.test.ts')).toEqual([]);
  });

  it("refuses another module's manifest, which only registry.ts lists", async () => {
    expect(await problems('foreign-manifest', IN_ADMIN)).toEqual(['sahay/module-boundaries@1']);
    expect(await problems('registry', 'server/src/modules/registry.ts')).toEqual([]);
  });
});

describe('sahay/module-boundaries outside the modules', () => {
  it("allows a module's .api.ts, .schema.ts and .module.ts", async () => {
    expect(await problems('platform-imports', 'server/src/trpc/context.ts')).toEqual([]);
    expect(await problems('platform-imports', 'server/src/testing/fixture.ts')).toEqual([]);
  });

  it("refuses a module's internal files, value or type", async () => {
    expect(await problems('platform-deep-import', 'server/src/http/fixture.ts')).toEqual(['sahay/module-boundaries@1', 'sahay/module-boundaries@2']);
    expect(await problems('platform-deep-import', 'server/src/tools/fixture.int.test.ts')).toEqual(['sahay/module-boundaries@1', 'sahay/module-boundaries@2']);
  });

  it('allows *.router.ts files only in server/src/trpc/router.ts', async () => {
    expect(await problems('app-router', 'server/src/trpc/router.ts')).toEqual([]);
    expect(await problems('app-router', 'server/src/trpc/app-router.ts')).toEqual(['sahay/module-boundaries@1', 'sahay/module-boundaries@2']);
  });

  it('treats web tests as code outside the modules, not as browser code', async () => {
    // Type-only imports of internals count here as for any code outside the modules (line 4).
    const deep = ['sahay/module-boundaries@1', 'sahay/module-boundaries@2', 'sahay/module-boundaries@4'];
    expect(await problems('web-test-deep-import', 'web/src/i18n/fixture.test.ts')).toEqual(deep);
    expect(await problems('web-test-deep-import', 'web/src/testing/fixture.ts')).toEqual(deep);
    expect(await problems('platform-imports', 'web/src/testing/fixture.ts')).toEqual([]);
  });
});

describe('sahay/module-layers (docs/decisions/048)', () => {
  it('refuses a module importing one that is not below it, an .api.ts and a schema alike', async () => {
    expect(await problems('upward-module-import', 'server/src/modules/donations/fixture.ts')).toEqual(['sahay/module-layers@1', 'sahay/module-layers@2']);
    const [message] = await messagesOf('upward-module-import', 'server/src/modules/donations/fixture.ts');
    expect(message).toContain("module 'donations' may not import");
    expect(message).toContain('server/src/shared/');
  });

  it('allows the same imports from a module above them, and from a test, which may reach across', async () => {
    expect(await problems('upward-module-import', 'server/src/modules/community/fixture.ts')).toEqual([]);
    expect(await problems('upward-module-import', 'server/src/modules/donations/fixture.int.test.ts')).toEqual([]);
  });

  it('refuses imports between modules of one layer, and names a module that has no layer', async () => {
    expect(await problems('same-layer-import', 'server/src/modules/transparency/fixture.ts')).toEqual(['sahay/module-layers@1']);
    expect(await messagesOf('upward-module-import', 'server/src/modules/payouts/fixture.ts')).toEqual([
      expect.stringContaining("module 'payouts' has no layer"),
      expect.stringContaining("module 'payouts' has no layer"),
      expect.stringContaining("module 'payouts' has no layer"),
    ]);
  });
});

describe('sahay/web-imports-server', () => {
  const IN_WEB = 'web/src/features/identity/fixture.ts';

  it('refuses runtime imports of server files other than schemas, and `import { type X }`, which still loads the file', async () => {
    expect(await problems('web-runtime-import', IN_WEB)).toEqual(['sahay/web-imports-server@1', 'sahay/web-imports-server@2', 'sahay/web-imports-server@3']);
    expect(await problems('web-runtime-import', 'web/src/features/identity/fixture.tsx')).toHaveLength(3);
  });

  it('refuses a dynamic import of a non-schema server file', async () => {
    expect(await problems('web-dynamic-import', IN_WEB)).toEqual(['sahay/web-imports-server@1']);
  });

  it('says to write `import type` or move the value into a schema', async () => {
    const [message] = await messagesOf('web-dynamic-import', IN_WEB);
    expect(message).toContain("not 'server/src/modules/identity/sessions'");
    expect(message).toContain('Write `import type`');
  });

  it('allows `import type` of the router and of internals, and schemas statically or dynamically', async () => {
    expect(await problems('web-allowed-imports', IN_WEB)).toEqual([]);
  });

  it('allows loading server/src/shared/, the pure rules shared with the server (issue 30)', async () => {
    expect(await problems('web-shared-import', IN_WEB)).toEqual([]);
  });
});

describe('sahay/web-feature-boundaries (docs/decisions/050)', () => {
  const IN_DONATIONS = 'web/src/features/donations/fixture.ts';

  it("refuses another feature's internal files: by alias, relative, type-only, dynamic and re-exported", async () => {
    expect(await problems('web-feature-internal-import', IN_DONATIONS)).toEqual([
      'sahay/web-feature-boundaries@1',
      'sahay/web-feature-boundaries@2',
      'sahay/web-feature-boundaries@3',
      'sahay/web-feature-boundaries@4',
    ]);
    // A test is held to the same, and so is the console.
    expect(await problems('web-feature-internal-import', 'web/src/features/donations/fixture.test.tsx')).toHaveLength(4);
    expect(await problems('web-feature-internal-import', 'web/src/features/admin/fixture.tsx')).toHaveLength(4);
  });

  it("names the feature, the file and the way out", async () => {
    const [message] = await messagesOf('web-feature-internal-import', IN_DONATIONS);
    expect(message).toContain("feature 'donations' may not import 'web/src/features/identity/hooks/use-me'");
    expect(message).toContain('*.public.ts(x)');
  });

  it("allows another feature's *.public files, the feature's own files, web/src/ui and the pages", async () => {
    expect(await problems('web-feature-public-imports', IN_DONATIONS)).toEqual([]);
  });

  it("lets only the console import a feature's staff routes", async () => {
    expect(await problems('web-staff-routes-import', 'web/src/features/admin/admin-routes.tsx')).toEqual([]);
    expect(await problems('web-staff-routes-import', IN_DONATIONS)).toEqual(['sahay/web-feature-boundaries@1']);
  });

  it('refuses any feature, public or not, in ui, lib, api and i18n, which sit below the features', async () => {
    for (const folder of ['ui', 'lib', 'api', 'i18n']) {
      expect(await problems('web-below-features-import', `web/src/${folder}/fixture.ts`), folder).toEqual(['sahay/web-feature-boundaries@1']);
    }
    // The app's entry points and routes compose the features.
    expect(await problems('web-below-features-import', 'web/src/routes.tsx')).toEqual([]);
  });
});

describe('sahay/schema-imports', () => {
  it('refuses a schema file importing anything but zod and other schemas', async () => {
    expect(await problems('schema-imports-internals', 'server/src/modules/identity/grant.schema.ts')).toEqual(['sahay/schema-imports@3']);
  });

  it('holds server/src/shared/ to the same: a schema may be imported there, any other module file not', async () => {
    expect(await problems('shared-imports-module', 'server/src/shared/pan.ts')).toEqual(['sahay/schema-imports@3']);
  });
});

describe('the existing @trpc/server restriction still holds beside the plugin', () => {
  it('refuses @trpc/server in a module file and allows it in a route file', async () => {
    expect(await problems('trpc-in-module', IN_IDENTITY)).toEqual(['no-restricted-imports@1']);
    expect(await problems('trpc-in-module', 'server/src/modules/identity/fixture.route.ts')).toEqual([]);
  });
});
