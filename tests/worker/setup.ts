import { applyD1Migrations, env } from "cloudflare:test";
import { DEFAULT_SEED_NOW, seedGroups, seedMetaStatement } from "#shared/catalogue/seed-plan.ts";
import { contentSeedStatements } from "#shared/content-seed/index.ts";

/** Diamonds in the test catalogue: enough for every shape, both origins and several pages. */
export const TEST_DIAMONDS = 3000;

declare global {
  namespace Cloudflare {
    interface Env {
      /** The D1 migrations, read by vitest.config.ts and applied below. */
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
  }
}

// Real D1 with the real migrations and the real seed generator (a smaller catalogue).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare("SELECT COUNT(*) AS n FROM diamonds").first<{ n: number }>();
if (!seeded || seeded.n === 0) {
  const opts = { diamonds: TEST_DIAMONDS, now: DEFAULT_SEED_NOW, chunk: 1000 };
  for (const group of seedGroups(opts)) await env.DB.batch(group.statements.map((s) => env.DB.prepare(s)));
  await env.DB.prepare(seedMetaStatement(opts)).run();
  const content = contentSeedStatements();
  for (let i = 0; i < content.length; i += 50) await env.DB.batch(content.slice(i, i + 50).map((s) => env.DB.prepare(s)));
}
