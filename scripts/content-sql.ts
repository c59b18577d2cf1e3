/**
 * Prints the content store's seed (shared/content-seed: only rows that are missing are inserted) as one SQL file,
 * for a deployed D1 database:
 *
 *   npm run seed:content:remote    # = tsx scripts/content-sql.ts > build/content-seed.sql
 *                                  #   && wrangler d1 execute DB --remote --file build/content-seed.sql
 *
 * Local databases get the same statements from `npm run seed` (every `npm start`).
 */
import { contentSeedStatements } from "../shared/content-seed/index";

const statements = contentSeedStatements();
process.stdout.write(`-- Loupe content seed: ${statements.length} statements (INSERT OR IGNORE: operators' edits are kept)\n`);
for (const s of statements) process.stdout.write(`${s.trimEnd().replace(/;?$/, ";")}\n`);
