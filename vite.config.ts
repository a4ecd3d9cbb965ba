/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

/**
 * One config for the build and the test runner.
 * Tests run in a node environment for the pure layers (domain, api, machines, server)
 * and in a DOM environment for the React layers (hooks, ui), as separate Vitest projects.
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'test/domain/**/*.test.ts',
            'test/api/**/*.test.ts',
            'test/machines/**/*.test.ts',
            'test/server/**/*.test.ts',
            'test/layers.test.ts',
            'test/package.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/hooks/**/*.test.{ts,tsx}', 'test/ui/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
