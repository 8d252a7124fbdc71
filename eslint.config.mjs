import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// shared/ is bundled into the n8n package, whose scanner rejects these globals in shipped code, and it
// must stay free of platform imports so both connectors (and the sandbox) can use it unchanged.
const sharedRestrictedGlobals = [
  'process',
  'console',
  'setTimeout',
  'setInterval',
  'clearTimeout',
  'clearInterval',
  'globalThis',
  'global',
  'eval',
].map((name) => ({
  name,
  message: `shared/ ships inside the n8n package, whose scanner rejects \`${name}\`.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      'coverage/**',
      'sandbox/dashboard/public/**',
      'n8n/eslint.config.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        exports: 'writable',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...sharedRestrictedGlobals],
      'no-restricted-properties': ['error', { object: 'globalThis', message: 'shared/ must not reach for globals.' }],
      'no-eval': 'error',
      'no-console': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|node:crypto$|\\.{1,2}/).*',
              message: 'shared/ may import only zod, node:crypto and its own files (no platform code).',
            },
          ],
        },
      ],
    },
  },
  {
    // The sandbox's floor plan (sandbox/README.md): SQL is written only in its storage layer.
    files: ['sandbox/**/*.ts'],
    ignores: ['sandbox/storage/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'Literal[value=/\\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE TABLE|json_extract)\\b/]',
          'TemplateElement[value.raw=/\\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE TABLE|json_extract)\\b/]',
          'CallExpression[callee.property.name=/^(select|statement|prepare)$/]',
          "MemberExpression[property.name='db']",
        ].map((selector) => ({
          selector,
          message: 'SQL belongs in sandbox/storage/: add a named query there and call it.',
        })),
      ],
    },
  },
);
