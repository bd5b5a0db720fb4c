// @ts-check
// One lint over every folder, with the rules that fit each side: Figma's rules for the sandbox,
// browser globals and the hooks rules for the Preact UI, Node for the tests, the emulator, the
// playground and the build scripts.
import js from '@eslint/js';
import figmaPlugins from '@figma/eslint-plugin-figma-plugins';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typeChecked = {
  languageOptions: {
    parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
  },
};

const unusedVars = {
  '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**'] },
  {
    // The plugin sandbox.
    files: ['src/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    plugins: { '@figma/figma-plugins': figmaPlugins },
    ...typeChecked,
    rules: {
      ...figmaPlugins.configs.recommended.rules,
      ...unusedVars,
    },
  },
  {
    // The iframe UI. Preact's hooks follow React's rules; the React Compiler's extra rules in
    // the plugin's preset do not apply to Preact, so only the two hooks rules are on.
    files: ['ui/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    plugins: { 'react-hooks': reactHooks },
    ...typeChecked,
    languageOptions: { ...typeChecked.languageOptions, globals: globals.browser },
    rules: {
      ...unusedVars,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests, the fake Figma, the emulator, the playground and the benchmark: Node (the
    // playground's page code also runs in a browser).
    files: ['test/**/*.{ts,tsx}', 'vitest.config.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    ...typeChecked,
    languageOptions: { ...typeChecked.languageOptions, globals: { ...globals.node, ...globals.browser } },
    rules: {
      ...unusedVars,
      // Tests read response bodies (`await response.json()`) and reach into fakes as `any` on
      // purpose, and check the values with assertions: the no-unsafe family guards production
      // code (src/, ui/), where it stays on.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests and fakes cast through Figma's typings to name the interface they mean (a layer
      // `as TextNode`, a fake `as unknown as SceneNode`); a cast the checker finds redundant
      // today costs nothing there.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Fakes and stand-ins implement async interfaces (fetch, clientStorage) synchronously.
      '@typescript-eslint/require-await': 'off',
      // Runners pass a task's own failure on as it came (caught as `unknown`).
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // The fake Figma builds its node classes from mixins: an interface merged into a class
    // (often empty, extending one mixin) declares the members Object.assign installs.
    files: ['test/fake-figma/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-declaration-merging': 'off',
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // Plain JavaScript run by Node: the build, the test runners' helpers and this file.
    files: ['build.mjs', 'test/**/*.mjs', 'eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
