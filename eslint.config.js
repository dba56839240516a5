import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      '.test-data/**',
      'src/server/db/migrations/**',
      'bench/results/**',
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
  // Direction of imports: shared imports neither side; client and server never import each other.
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['#server/*', '#client/*', '**/server/**', '**/client/**'],
          message: 'shared code imports neither client nor server',
        },
        {
          group: ['node:*', 'fs', 'path', 'react', 'react-dom'],
          message: 'shared code has no Node or DOM dependencies',
        },
      ]),
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['#client/*', '**/client/**'], message: 'the server never imports client code' },
      ]),
    },
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
      'no-restricted-imports': restrict([
        { group: ['#server/*', '**/server/**'], message: 'the client never imports server code' },
      ]),
    },
  },
  // Client features do not import each other; screens (app/) compose them.
  ...['auth', 'dashboard', 'legal-change', 'notifications', 'preferences', 'admin', 'landing'].map(
    (feature) => ({
      files: [`src/client/features/${feature}/**`],
      rules: {
        'no-restricted-imports': restrict([
          { group: ['#server/*'], message: 'the client never imports server code' },
          {
            group: ['#client/features/*', `!#client/features/${feature}`, `!#client/features/${feature}/**`],
            message: 'features do not import each other; compose them in app/',
          },
        ]),
      },
    }),
  ),
);
