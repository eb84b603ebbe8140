// Lint: TypeScript (type-aware where cheap), Lit templates and Lit accessibility rules, and
// regular expressions that could backtrack super-linearly.
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import litA11y from 'eslint-plugin-lit-a11y';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'web-components/dist/',
      '.tools/',
      '.wrangler/',
      'bench/',
      'test-results/',
      'playwright-report/',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['web-components/**/*.ts', 'tests/browser/**/*.ts'],
    plugins: { lit, 'lit-a11y': litA11y },
    rules: {
      ...lit.configs.recommended.rules,
      ...litA11y.configs.recommended.rules,
    },
  },
  {
    // Patterns must run in linear time: one long frame must not hold the isolate's CPU, nor a long
    // string the page's or the agent worker's. Every source of the repository.
    files: ['**/*.ts', '**/*.js'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
