/** The retailer pages' service (client/retailers-context.ts `RetailersService`) from the directory (D1 or upstream). */
import type { RetailersService } from "#client/retailers-context.ts";
import { DomainError } from "#shared/refusal.ts";
import type { Bindings } from "../env";
import { allMetros, directoryList, directoryRetailer, metroArea } from "../retailers/directory";
import { configuredDirectory, UpstreamError } from "../retailers/upstream";

const EVERYTHING = { embed: ["features", "sociallinks", "ratings"] } as const;

/** Runs a read; a refusal becomes `refused(message)`'s value, an upstream failure `failed`'s. */
async function guarded<T>(work: () => Promise<T>, refused: (e: DomainError) => T, failed: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof DomainError) return refused(e);
    if (e instanceof UpstreamError) return failed();
    throw e;
  }
}

/** The server's retailers service for one page request. */
export function serverRetailers(env: Bindings): RetailersService {
  const src = () => ({ db: env.DB, upstream: configuredDirectory(env) });
  return {
    directory: (postalCode) =>
      guarded(
        () => directoryList(src(), { ...EVERYTHING, ...(postalCode ? { postalCode } : {}) }),
        (e) => ({ retailers: [], error: e.refusal.message }),
        () => ({ retailers: [], unavailable: true }),
      ),
    retailer: (slug) =>
      guarded(
        async () => (await directoryRetailer(src(), slug, EVERYTHING)).retailer ?? "unavailable",
        () => null,
        () => "unavailable" as const,
      ),
    metro: (slug) =>
      guarded(
        async () => {
          const answer = await metroArea(src(), slug);
          return answer.fallback ? { ...answer, unavailable: true } : answer;
        },
        () => null,
        async () => {
          const metro = (await allMetros(env.DB)).find((m) => m.name === slug);
          return metro ? { metro, retailers: [], unavailable: true } : null;
        },
      ),
    metros: () => allMetros(env.DB),
  };
}
