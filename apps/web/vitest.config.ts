import { defineProject } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Same aliases as vite.config.ts (importing that file from here trips Vitest's loader).
export default defineProject({
  resolve: {
    alias: [
      { find: /^@\/(.*)$/, replacement: fileURLToPath(new URL('./src/$1', import.meta.url)) },
      {
        find: /^@cacifo\/contract\/(.+)$/,
        replacement: fileURLToPath(new URL('../../packages/contract/src/$1.ts', import.meta.url)),
      },
    ],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // The first test of a file may wait for a lazy chunk to be transformed (see src/test/setup.ts).
    testTimeout: 20_000,
  },
});
