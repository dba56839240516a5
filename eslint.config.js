import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import {
  clientSchemaImportPatterns,
  DATABASE_ACCESS_FILES,
  databaseImportPatterns,
  restrictedPathZones,
} from './lint/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      '.test-data/**',
      'src/server/db/migrations/**',
      'bench/results/**',
      'test/fixtures/lint/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // The import walls (lint/boundaries.js), on resolved paths: client and server never import
  // each other, shared imports neither, features do not import features, server modules import
  // each other in one direction only, foundation folders import no module.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: restrictedPathZones() }] },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'react', 'react-dom'],
              message: 'shared code has no Node or DOM dependencies',
            },
          ],
        },
      ],
    },
  },
  // Database values only in queries and repositories.
  {
    files: ['src/server/**/*.ts'],
    ignores: DATABASE_ACCESS_FILES,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: databaseImportPatterns }] },
  },
  {
    files: ['src/client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/purity': 'off',
      'react-hooks/immutability': 'off',
    },
  },
  // Only types from the schemas in the client: no zod in its bundles, so no reason to copy.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: clientSchemaImportPatterns }],
    },
  },
);
