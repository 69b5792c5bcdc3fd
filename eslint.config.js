// Lint for the whole repository. The block for sim-core/ is the purity rule of
// ../shared/DESIGN.md §2: the simulation must run unchanged in a browser and in Node and
// give the same state for the same seed, so it may not read a clock, draw unseeded
// randomness, schedule timers, or import Node, React, Next or Prisma.
import tseslint from 'typescript-eslint';

const bannedInSimCore = {
  message: 'sim-core must stay pure and deterministic (see ../shared/DESIGN.md §2).',
};

export const simCorePurityRules = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { regex: '^node:', message: `No Node built-ins in sim-core. ${bannedInSimCore.message}` },
        {
          regex: '^(fs|path|crypto|os|child_process|worker_threads|net|http|https|perf_hooks|timers|process)(/.*)?$',
          message: `No Node built-ins in sim-core. ${bannedInSimCore.message}`,
        },
        { regex: '^(react|react-dom|next)(/.*)?$', message: `No React or Next in sim-core. ${bannedInSimCore.message}` },
        { regex: '^@prisma/', message: `No Prisma in sim-core. ${bannedInSimCore.message}` },
      ],
    },
  ],
  'no-restricted-globals': [
    'error',
    { name: 'Date', message: `Time is the kernel's tick. ${bannedInSimCore.message}` },
    { name: 'setTimeout', message: `Schedule through the kernel's event queue. ${bannedInSimCore.message}` },
    { name: 'setInterval', message: `Schedule through the kernel's event queue. ${bannedInSimCore.message}` },
    { name: 'setImmediate', message: `Schedule through the kernel's event queue. ${bannedInSimCore.message}` },
    { name: 'queueMicrotask', message: `Schedule through the kernel's event queue. ${bannedInSimCore.message}` },
    { name: 'crypto', message: `Use the seeded PRNG. ${bannedInSimCore.message}` },
    { name: 'performance', message: `Time is the kernel's tick. ${bannedInSimCore.message}` },
    { name: 'process', message: `No Node globals in sim-core. ${bannedInSimCore.message}` },
    { name: 'require', message: `No Node globals in sim-core. ${bannedInSimCore.message}` },
    { name: 'window', message: `No DOM in sim-core. ${bannedInSimCore.message}` },
    { name: 'document', message: `No DOM in sim-core. ${bannedInSimCore.message}` },
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Math', property: 'random', message: `Use the seeded PRNG. ${bannedInSimCore.message}` },
    { object: 'globalThis', property: 'crypto', message: `Use the seeded PRNG. ${bannedInSimCore.message}` },
    { object: 'globalThis', property: 'Date', message: `Time is the kernel's tick. ${bannedInSimCore.message}` },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.next/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'app/_generated/**',
      'prisma/generated/**',
      'next-env.d.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['sim-core/**/*.ts'],
    ignores: ['sim-core/**/*.test.ts', 'sim-core/tests/**', 'sim-core/bench/**'],
    rules: simCorePurityRules,
  },
);
