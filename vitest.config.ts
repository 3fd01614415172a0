import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = { '@domain': fileURLToPath(new URL('./functions/domain', import.meta.url)) };

/**
 * One `vitest run` runs every tier. Projects, by file suffix (STYLE §8):
 * - unit:        test/unit/**.test.ts (domain and use cases, fakes only)
 * - unit-new-york: the domain suite again under TZ=America/New_York. It doesn't seem possible to fake the
 *                zone per test, so we rerun the whole suite in another zone to prove no result depends on it.
 * - web:         component tests in jsdom
 * - integration: *.int.test.ts against DynamoDB Local (and the other emulators) started by the global setup
 * - infra:       CDK template assertions
 * - e2e:         a real Chromium against the local stack
 */
export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', globals: true, include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-new-york',
          globals: true,
          include: ['test/unit/domain/**/*.test.ts'],
          environment: 'node',
          env: { TZ: 'America/New_York' },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          globals: true,
          include: ['test/unit/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/unit/web/support/i18n-setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          globals: true,
          include: ['test/integration/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/local-services.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'infra',
          globals: true,
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          globals: true,
          include: ['test/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/local-stack.global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
