/**
 * Which engines receive conversion events: each one whose secrets are set (its `…Config` reader is not null),
 * never §1's disabled engines (applovin, reddit, blotout, snapchat: they have no adapter at all). With none
 * configured the consumer records each event as one `local` delivery that /dev/events shows.
 */
import type { EngineName } from "#shared/tracking/event.ts";
import { criteoAdapter, criteoConfig } from "./criteo";
import { ga4Adapter, ga4Config } from "./ga4";
import { googleAdsAdapter, googleAdsConfig } from "./google-ads";
import { metaAdapter, metaConfig } from "./meta";
import { pinterestAdapter, pinterestConfig } from "./pinterest";
import { shareASaleAdapter, shareASaleConfig } from "./shareasale";
import { tiktokAdapter, tiktokConfig } from "./tiktok";
import type { EngineAdapter, Reach } from "./types";

/** The engines' secrets and API origins (worker/env.ts Bindings; wrangler.toml comments). */
export type TrackingBindings = Parameters<typeof metaConfig>[0] &
  Parameters<typeof ga4Config>[0] &
  Parameters<typeof googleAdsConfig>[0] &
  Parameters<typeof tiktokConfig>[0] &
  Parameters<typeof pinterestConfig>[0] &
  Parameters<typeof criteoConfig>[0] &
  Parameters<typeof shareASaleConfig>[0] & {
    /** First retry delay in seconds (doubling per attempt); default 30. The tests set 0. */
    TRACKING_RETRY_BASE_SECONDS?: string;
  };

/** Every configured engine's adapter, each reaching its API through `reach` (tests inject fetch and timeouts). */
export function configuredEngines(env: TrackingBindings, reach: Reach = {}): EngineAdapter[] {
  const out: EngineAdapter[] = [];
  const meta = metaConfig(env);
  if (meta) out.push(metaAdapter({ ...meta, ...reach }));
  const ga4 = ga4Config(env);
  if (ga4) out.push(ga4Adapter({ ...ga4, ...reach }));
  const ads = googleAdsConfig(env);
  if (ads) out.push(googleAdsAdapter({ ...ads, ...reach }));
  const tiktok = tiktokConfig(env);
  if (tiktok) out.push(tiktokAdapter({ ...tiktok, ...reach }));
  const pinterest = pinterestConfig(env);
  if (pinterest) out.push(pinterestAdapter({ ...pinterest, ...reach }));
  const criteo = criteoConfig(env);
  if (criteo) out.push(criteoAdapter({ ...criteo, ...reach }));
  const shareasale = shareASaleConfig(env);
  if (shareasale) out.push(shareASaleAdapter({ ...shareasale, ...reach }));
  return out;
}

/** The names of the configured engines. */
export const configuredEngineNames = (env: TrackingBindings): EngineName[] => configuredEngines(env).map((a) => a.engine);
