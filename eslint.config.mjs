// typescript-eslint's recommended rules over every workspace's src/ (generated code excluded).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/src/gen/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // NestJS resolves constructor parameters through emitted decorator metadata, which needs
    // value imports of the injected classes.
    files: ['**/*.controller.ts', '**/*.guard.ts', '**/*.filter.ts', '**/*.pipe.ts', '**/*.module.ts', '**/*.grpc-controller.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
