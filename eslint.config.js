import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import sahayBoundaries from './eslint/sahay-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'web/dist/**', 'web/dist-ssr/**', 'data/**', 'bench/out/**', 'worker/dist/**', 'server/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']", message: 'No focused tests.' },
      ],
    },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Modules never import tRPC's server package except through trpc/ and their route files.
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/*.route.ts', 'server/src/modules/**/*.router.ts', 'server/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@trpc/server', '@trpc/server/*'], message: 'Modules throw AppError; only trpc/ maps it.' }] }] },
  },
  {
    // Modules meet only through <module>.api.ts; the web loads only *.schema.ts from the server
    // (issue 9). Own plugin because the rules resolve aliases and relative paths to files; it sets
    // no other rule, so the no-restricted-imports block above keeps working.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs}'],
    plugins: { sahay: sahayBoundaries },
    rules: { 'sahay/module-boundaries': 'error', 'sahay/module-layers': 'error', 'sahay/web-imports-server': 'error', 'sahay/schema-imports': 'error', 'sahay/web-feature-boundaries': 'error' },
  },
);
