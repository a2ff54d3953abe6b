/**
 * Module boundaries you can see (issue 9): a local ESLint plugin, because `no-restricted-imports`
 * matches import strings, not the files they resolve to, and the same file is reached both as
 * `#server/modules/identity/accounts` and as `../identity/accounts.ts`.
 *
 * Three rules, each deciding by where the importing file and the imported file live:
 *
 * - `sahay/module-boundaries`: a file in `server/src/modules/<X>/` may import from another module
 *   `<Y>` only `<Y>/<Y>.api.ts` and `*.schema.ts` files. Everything in `<X>` (sub-folders, tests)
 *   may import everything else in `<X>`. Code outside the modules (trpc/, http/, tools/, testing/,
 *   worker/, bench/, e2e/, app.ts, services.ts, modules/registry.ts ...) may import a module's
 *   `.api.ts`, `.schema.ts` and `.module.ts` (the manifest), and `server/src/trpc/router.ts` alone its
 *   `*.router.ts` files, whose types must flow to the client. Type-only imports count too: a type
 *   another module needs is part of the public API and is re-exported there.
 * - `sahay/web-imports-server`: `web/src/` may load from the server at runtime only `*.schema.ts`
 *   files and `server/src/shared/` (pure values and rules, issue 30); anything else only through `import type` (erased, so no server code reaches the bundle).
 *   The web's tests and `web/src/testing/` run in Node and never reach the bundle: they follow the
 *   first rule as code outside the modules instead (a module's .api.ts, .schema.ts, .module.ts).
 * - `sahay/schema-imports`: a `*.schema.ts` file, and a file in `server/src/shared/`, imports only `zod`,
 *   other `*.schema.ts` files and `server/src/shared/`.
 * - `sahay/web-feature-boundaries` (docs/decisions/050): a file in `web/src/features/<X>/` may import
 *   from another feature `<Y>` only its public face, the files named `*.public.ts(x)`; the console
 *   (`web/src/features/admin/`) may also import each feature's staff routes
 *   (`features/<Y>/admin/staff-routes.ts`). `web/src/{ui,lib,api,i18n}/` sit below the features and
 *   import none of them. Tests are held to the same.
 *
 * Why another module's schemas count as public: a schema is the request/response contract of a
 * procedure, which the web form already imports (STYLE.md), so hiding it from a sibling module would
 * only make that module copy it. It is safe because of the third rule: a schema file cannot import a
 * table, a projection or a function, so importing it never reaches into another module's state.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: this file sits in `<root>/eslint/`. Independent of the cwd ESLint runs in. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MODULES_DIR = 'server/src/modules/';
const SOURCE_EXTENSION = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** A repository-relative path with forward slashes and without a source extension. */
function normalise(absolutePath) {
  return path.relative(repoRoot, absolutePath).split(path.sep).join('/').replace(SOURCE_EXTENSION, '');
}

/**
 * Where an import specifier points inside the repository, or null for packages and anything the
 * rules do not govern. `#server/*` and `@sahay/server/*` both map to `server/src/*.ts`
 * (package.json "imports" and server/package.json "exports").
 */
function resolveSpecifier(specifier, importerPath) {
  if (specifier.startsWith('#server/')) return normalise(path.join(repoRoot, 'server/src', specifier.slice('#server/'.length)));
  if (specifier.startsWith('@sahay/server/')) return normalise(path.join(repoRoot, 'server/src', specifier.slice('@sahay/server/'.length)));
  if (specifier.startsWith('#web/')) return normalise(path.join(repoRoot, 'web/src', specifier.slice('#web/'.length)));
  if (specifier.startsWith('./') || specifier.startsWith('../')) return normalise(path.resolve(path.dirname(importerPath), specifier));
  return null;
}

/** `{ module, rest, base }` when the path is inside a module's folder, else null. */
function moduleOf(repoPath) {
  if (!repoPath.startsWith(MODULES_DIR)) return null;
  const parts = repoPath.slice(MODULES_DIR.length).split('/');
  // server/src/modules/module.ts and registry.ts belong to the platform, not to a module.
  if (parts.length < 2) return null;
  return { module: parts[0], rest: parts.slice(1).join('/'), base: parts[parts.length - 1] };
}

/** Web files that run only in Node (vitest, the byte-budget check), never in the browser bundle. */
const isWebNodeOnly = (repoPath) => repoPath.startsWith('web/src/testing/') || /\.test$/.test(repoPath);
const isBrowserCode = (repoPath) => repoPath.startsWith('web/') && !(repoPath.startsWith('web/src/') && isWebNodeOnly(repoPath));

const isSchema = (repoPath) => repoPath.endsWith('.schema');
/** server/src/shared/: pure values and rules every module, the platform and the web share (issue 30). */
const isShared = (repoPath) => repoPath.startsWith('server/src/shared/') && !/\.test$/.test(repoPath);
/** Files that import nothing but zod and each other, so sharing them shares no state: schemas and shared/. */
const isLeaf = (repoPath) => isSchema(repoPath) || isShared(repoPath);
const isApiOf = (target) => target.rest === `${target.module}.api`;
const isManifestOf = (target) => target.rest === `${target.module}.module`;
const isRouter = (target) => target.base.endsWith('.router');
/** The web reaches server files through its package name; the server through its own alias. */
const apiHint = (module, importerPath) => `${importerPath.startsWith('web/') ? '@sahay/server' : '#server'}/modules/${module}/${module}.api`;

/**
 * Calls `check(node, specifier, isTypeOnly)` for every static or dynamic import and re-export with
 * a string source. `import { type A }` is not type-only: under verbatimModuleSyntax it still loads
 * the file (`import {} from ...`).
 */
function importVisitors(check) {
  const fromSource = (node, isTypeOnly) => {
    if (node.source && node.source.type === 'Literal' && typeof node.source.value === 'string') {
      check(node.source, node.source.value, isTypeOnly);
    }
  };
  return {
    ImportDeclaration: (node) => fromSource(node, node.importKind === 'type'),
    ExportNamedDeclaration: (node) => fromSource(node, node.exportKind === 'type'),
    ExportAllDeclaration: (node) => fromSource(node, node.exportKind === 'type'),
    ImportExpression: (node) => fromSource(node, false),
    TSImportType: (node) => fromSource(node, true),
    TSImportEqualsDeclaration: (node) => {
      const ref = node.moduleReference;
      if (ref.type === 'TSExternalModuleReference' && ref.expression.type === 'Literal' && typeof ref.expression.value === 'string') {
        check(ref.expression, ref.expression.value, node.importKind === 'type');
      }
    },
  };
}

/** The importing file's repository path, or null when ESLint lints text without a real file name. */
function importerOf(context) {
  const filename = context.filename;
  if (!path.isAbsolute(filename)) return null;
  return { absolute: filename, repoPath: normalise(filename) };
}

const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules import each other only through <module>.api.ts (and shared *.schema.ts files).' },
    schema: [],
    messages: {
      crossModule:
        "sahay/module-boundaries: module '{{from}}' may not import '{{target}}', an internal file of module '{{module}}'. Import it from {{hint}} instead (export it there if it is missing).",
      foreignManifest:
        "sahay/module-boundaries: module '{{from}}' may not import the manifest '{{target}}'; only server/src/modules/registry.ts lists manifests. Import what you need from {{hint}} instead.",
      platformInternal:
        "sahay/module-boundaries: code outside the modules may import only a module's .api.ts, .schema.ts and .module.ts files, not '{{target}}'. Import it from {{hint}} instead (export it there if it is missing).",
      routerOutsideTrpc:
        "sahay/module-boundaries: '{{target}}' is composed only in server/src/trpc/router.ts. Import what you need from {{hint}} instead.",
    },
  },
  create(context) {
    const importer = importerOf(context);
    if (!importer || isBrowserCode(importer.repoPath)) return {};
    const source = moduleOf(importer.repoPath);
    return importVisitors((node, specifier) => {
      const targetPath = resolveSpecifier(specifier, importer.absolute);
      const target = targetPath && moduleOf(targetPath);
      if (!target) return;
      if (source && source.module === target.module) return;
      if (isApiOf(target) || isSchema(targetPath)) return;
      const data = { target: targetPath, module: target.module, hint: apiHint(target.module, importer.repoPath), from: source?.module ?? '' };
      if (source) {
        context.report({ node, messageId: isManifestOf(target) ? 'foreignManifest' : 'crossModule', data });
        return;
      }
      if (isManifestOf(target)) return;
      if (isRouter(target)) {
        if (importer.repoPath === 'server/src/trpc/router') return;
        context.report({ node, messageId: 'routerOutsideTrpc', data });
        return;
      }
      context.report({ node, messageId: 'platformInternal', data });
    });
  },
};

/**
 * The modules in layers (docs/decisions/048): a module's code imports only modules of a lower layer,
 * so no two modules depend on each other both ways. site (settings and content) is read by everyone;
 * admin, platform and transparency read everyone and are read by none. Tests may reach across (a
 * test of erasure gives a donation through donations.api), so they are not held to the layers.
 */
export const MODULE_LAYERS = {
  site: 0,
  identity: 1,
  kanyadan: 2,
  donations: 3,
  help: 4,
  community: 5,
  admin: 6,
  platform: 6,
  transparency: 6,
  // Members' fundraisers (issue 33): above donations and help, whose events and API it reads.
  fundraisers: 5,
};

const moduleLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'A module imports only modules of a lower layer (MODULE_LAYERS), so no two modules depend on each other both ways.' },
    schema: [],
    messages: {
      upward:
        "sahay/module-layers: module '{{from}}' may not import '{{target}}' of module '{{module}}', which is not below it (docs/decisions/048). Ask through the module contract (services.ts SahayModule) or move the shared value into server/src/shared/.",
      unknown: "sahay/module-layers: module '{{module}}' has no layer: add it to MODULE_LAYERS in eslint/sahay-boundaries.js (docs/decisions/048).",
    },
  },
  create(context) {
    const importer = importerOf(context);
    if (!importer || /\.test$/.test(importer.repoPath) || importer.repoPath.includes('.test-helper')) return {};
    const source = moduleOf(importer.repoPath);
    if (!source) return {};
    return importVisitors((node, specifier) => {
      const targetPath = resolveSpecifier(specifier, importer.absolute);
      const target = targetPath && moduleOf(targetPath);
      if (!target || target.module === source.module) return;
      const from = MODULE_LAYERS[source.module];
      const to = MODULE_LAYERS[target.module];
      if (from === undefined || to === undefined) {
        context.report({ node, messageId: 'unknown', data: { module: from === undefined ? source.module : target.module } });
        return;
      }
      if (to < from) return;
      context.report({ node, messageId: 'upward', data: { from: source.module, target: targetPath, module: target.module } });
    });
  },
};

const webImportsServer = {
  meta: {
    type: 'problem',
    docs: { description: 'The web loads from the server only *.schema.ts files; everything else through `import type`.' },
    schema: [],
    messages: {
      runtimeImport:
        "sahay/web-imports-server: the web may load from the server only *.schema.ts files, not '{{target}}'. Write `import type` if you need only its types, or move the value into a .schema.ts file.",
    },
  },
  create(context) {
    const importer = importerOf(context);
    if (!importer || !importer.repoPath.startsWith('web/src/') || isWebNodeOnly(importer.repoPath)) return {};
    return importVisitors((node, specifier, isTypeOnly) => {
      const targetPath = resolveSpecifier(specifier, importer.absolute);
      if (!targetPath || !targetPath.startsWith('server/')) return;
      if (isTypeOnly || isLeaf(targetPath)) return;
      context.report({ node, messageId: 'runtimeImport', data: { target: targetPath } });
    });
  },
};

const schemaImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A *.schema.ts file imports only zod and other *.schema.ts files, so sharing it shares nothing else.' },
    schema: [],
    messages: {
      notLeaf:
        "sahay/schema-imports: '{{file}}' is shared with the web and other modules, so it may import only zod, other *.schema.ts files and server/src/shared/, not '{{specifier}}'. Move what it needs into a .schema.ts file or server/src/shared/.",
    },
  },
  create(context) {
    const importer = importerOf(context);
    if (!importer || !importer.repoPath.startsWith('server/') || !isLeaf(importer.repoPath)) return {};
    return importVisitors((node, specifier) => {
      if (specifier === 'zod' || specifier.startsWith('zod/')) return;
      const targetPath = resolveSpecifier(specifier, importer.absolute);
      if (targetPath && isLeaf(targetPath)) return;
      context.report({ node, messageId: 'notLeaf', data: { file: importer.repoPath, specifier } });
    });
  },
};

const WEB_FEATURES_DIR = 'web/src/features/';
/** Folders of the web below the features: generic pieces every feature uses, which know no feature. */
const WEB_BELOW_FEATURES = ['web/src/ui/', 'web/src/lib/', 'web/src/api/', 'web/src/i18n/'];

/** The feature a web path belongs to, or null outside web/src/features/<feature>/. */
const webFeatureOf = (repoPath) => {
  if (!repoPath.startsWith(WEB_FEATURES_DIR)) return null;
  const parts = repoPath.slice(WEB_FEATURES_DIR.length).split('/');
  return parts.length < 2 ? null : parts[0];
};
const isPublicFace = (repoPath) => /\.public$/.test(repoPath);
const isStaffRoutes = (repoPath, feature) => repoPath === `${WEB_FEATURES_DIR}${feature}/admin/staff-routes`;

const webFeatureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "A web feature imports another feature only through that feature's *.public.ts(x) files; ui, lib, api and i18n import no feature." },
    schema: [],
    messages: {
      internal:
        "sahay/web-feature-boundaries: feature '{{from}}' may not import '{{target}}', an internal file of feature '{{feature}}' (docs/decisions/050). Import what '{{feature}}' offers in its *.public.ts(x) files: name the file <name>.public.ts(x) if it is meant to be shared, or move a generic piece into web/src/ui or web/src/lib.",
      staffRoutes:
        "sahay/web-feature-boundaries: only the console (web/src/features/admin/) composes '{{target}}', feature '{{feature}}''s staff routes (docs/decisions/050).",
      belowFeatures:
        "sahay/web-feature-boundaries: '{{from}}' sits below the features and may not import '{{target}}' of feature '{{feature}}' (docs/decisions/050). Pass what it needs in, or move the shared piece down into web/src/ui or web/src/lib.",
    },
  },
  create(context) {
    const importer = importerOf(context);
    if (!importer || !importer.repoPath.startsWith('web/src/')) return {};
    const source = webFeatureOf(importer.repoPath);
    const isBelow = WEB_BELOW_FEATURES.some((folder) => importer.repoPath.startsWith(folder));
    if (!source && !isBelow) return {};
    return importVisitors((node, specifier) => {
      const targetPath = resolveSpecifier(specifier, importer.absolute);
      const feature = targetPath && webFeatureOf(targetPath);
      if (!feature || feature === source) return;
      const data = { from: source ?? importer.repoPath, target: targetPath, feature };
      if (isBelow) {
        context.report({ node, messageId: 'belowFeatures', data });
        return;
      }
      if (isPublicFace(targetPath)) return;
      if (isStaffRoutes(targetPath, feature)) {
        if (source !== 'admin') context.report({ node, messageId: 'staffRoutes', data });
        return;
      }
      context.report({ node, messageId: 'internal', data });
    });
  },
};

export default {
  meta: { name: 'sahay-boundaries' },
  rules: {
    'module-boundaries': moduleBoundaries,
    'module-layers': moduleLayers,
    'web-imports-server': webImportsServer,
    'schema-imports': schemaImports,
    'web-feature-boundaries': webFeatureBoundaries,
  },
};
