import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules', 'build', 'data', '.react-router', '.tmp', 'bench/results', 'e2e/screenshots'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Screens call the API through the route contract (call(ROUTE) in app/lib/api.ts), never by a
    // path of their own. The service worker only tells API requests apart, it makes none.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/sw/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Call the API through call(ROUTE) from app/lib/api.ts (routes are declared in contract/).',
        },
      ],
    },
  },
  {
    // The server stands alone: the browser's code reaches it only as the built SSR bundle, loaded by
    // path in server/main.ts; scripts use the server, never the other way round. A domain uses another
    // domain's service, never its routes.
    files: ['server/**/*.ts'],
    // Tests may drive the whole thing (build the bundle, check a screen's formatter on hostile input).
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**', '**/scripts/**'],
              message: 'server/ does not import app/ or scripts/: move the shared part to server/ or contract/.',
            },
            {
              group: ['../*/routes.ts', '../*/*-routes.ts'],
              message: "A domain does not import another domain's routes: use its service or contract/.",
            },
          ],
        },
      ],
    },
  },
  {
    // A change is announced by the write that made it, as a typed notice (changes.write or
    // changes.announce, server/db/changes.ts); contentChanged is for tests writing past the services.
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'contentChanged', message: 'Announce a typed notice from changes.write (or changes.announce) instead.' },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
