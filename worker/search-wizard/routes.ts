/** §7 SearchWizard calls under /api (shared/api/search-wizard.ts): the HTTP side of worker/search-wizard/service.ts. */
import type { Context } from "hono";
import { searchWizardOperations as ops } from "#shared/api/search-wizard.ts";
import type { AppEnv } from "../env";
import { handle } from "../http/routes";
import { signedInUser } from "../middleware/session";
import { addNotes, createSearch, emailRecommendations, getSearch, qualities, type WizardDeps } from "./service";
import { siteOrigin } from "../platform/config";

/** The wizard's view of the request; its answers depend on the caller (a saved search, an account): never cached. */
async function deps(c: Context<AppEnv>): Promise<WizardDeps> {
  c.header("Cache-Control", "private, no-store");
  return {
    env: c.env,
    now: Date.now(),
    userId: (await signedInUser(c))?.id ?? null,
    origin: siteOrigin(c.env),
    ip: c.req.header("cf-connecting-ip") ?? "unknown",
    waitUntil: (p) => c.executionCtx.waitUntil(p),
  };
}

export const searchWizardRoutes = [
  handle(ops.qualities, async ({ body }, c) => {
    const d = await deps(c);
    return { status: 200, body: await qualities(d.env, body, d.now) };
  }),
  handle(ops.search, async ({ body }, c) => ({ status: 200, body: await createSearch(await deps(c), "search", body) })),
  handle(ops.sendQuizWithoutEmail, async ({ body }, c) => ({ status: 200, body: await createSearch(await deps(c), "quiz", body) })),
  handle(ops.getSearch, async ({ params }, c) => {
    c.header("Cache-Control", "private, no-store");
    return { status: 200, body: await getSearch(c.env.DB, params.searchId) };
  }),
  handle(ops.addNotes, async ({ body }, c) => {
    c.header("Cache-Control", "private, no-store");
    await addNotes(c.env.DB, body, Date.now());
    return { status: 200, body: { accepted: true } };
  }),
  handle(ops.getRecommendations, async ({ body }, c) => {
    await emailRecommendations(await deps(c), body);
    return { status: 202, body: { accepted: true } };
  }),
];
