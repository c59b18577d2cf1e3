import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";

/**
 * Three test layers, all run by `npm test` (after `npm run build`):
 * - unit: pure domain code in Node;
 * - worker: the worker inside workerd with real D1 and Durable Objects (@cloudflare/vitest-pool-workers, on the
 *   same wrangler, miniflare and workerd as `wrangler dev` and `wrangler deploy`: decision 005);
 * - e2e: `wrangler dev` on the built worker, driven by playwright-core in headless Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        // Building the whole OpenAPI document (a few of these tests) takes seconds on a loaded 2-core machine.
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", testTimeout: 30_000 },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            // The worker of wrangler.toml's local environment (main, D1, Durable Objects, assets = the built browser
            // bundle); the tests' requests go to https://loupe.test, which is also the site's origin for emailed links.
            wrangler: { configPath: "./wrangler.toml", environment: "local" },
            miniflare: {
              bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations"), ADMIN_TOKEN: "test-admin-token", SITE_ORIGIN: "https://loupe.test" },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
          globalSetup: ["./tests/fakes/global-setup.ts"],
          // The concurrency tests (500 simultaneous cart adds) take 2–5 s on the shared 2-core machines.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
