import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * `import { z } from 'zod'` (or the default import) hands the bundler zod's whole namespace object, every locale
 * of its error messages included: ~440 KB of each Lambda bundle, which esbuild cannot tree-shake. The
 * namespace import (zod's documented form) lets it keep only the members we use. Selectors
 * rather than `no-restricted-imports`, which also refuses the namespace import of a name it restricts.
 */
const zodImportStyle = [
  "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
  "ImportDeclaration[source.value='zod'] > ImportDefaultSpecifier",
  "ExportNamedDeclaration[source.value='zod'] > ExportSpecifier[local.name='z']",
].map((selector) => ({
  selector,
  message: "Use `import * as z from 'zod'`: the `z` object carries every locale of zod into the bundle.",
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'cdk.out',
      'web/dist',
      'web/.dist-building-*',
      '.local',
      'test-results',
      'scripts/stubs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...zodImportStyle] },
  },
  {
    // The pure core must stay importable by the browser and free of I/O, clocks and configuration.
    files: ['functions/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@aws-sdk/*',
            'stripe',
            'react',
            'react-dom',
            '@middy/*',
            'node:*',
            '../adapters/*',
            '../use-cases/*',
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...zodImportStyle,
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'The domain reads no environment.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Time is an argument in the domain.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Time is an argument in the domain.',
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'Randomness is an argument in the domain.',
        },
      ],
    },
  },
);
