/**
 * The content store's seed (the embedded default content: home data, FAQs, articles, reviews, retailers' directory
 * data, pages): SQL statements that only insert what is missing (`INSERT OR IGNORE`), so an operator's edits
 * survive a re-seed. `npm run seed` (scripts/seed.ts) runs them on every start, the worker tests' setup once.
 * Each feature adds its own module here.
 */
import { articlesSeedStatements } from "./articles";
import { contentItemSeedStatements } from "./content";
import { metrosSeedStatements } from "./metros";
import { pagesSeedStatements } from "./pages";
import { reviewsSeedStatements } from "./reviews";

/** Every feature's seed statements, in the order they run. */
export function contentSeedStatements(): string[] {
  return [...contentItemSeedStatements(), ...reviewsSeedStatements(), ...pagesSeedStatements(), ...articlesSeedStatements(), ...metrosSeedStatements()];
}
