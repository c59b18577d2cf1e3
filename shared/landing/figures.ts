/**
 * Live catalogue figures the landing pages and `/our-data` show (issue 20 point 3), read on the server from D1
 * and the search index and cached 300 s (worker/analytics/figures.ts).
 */

/** Unsold diamonds of one origin and shape: how many, and their price range in whole USD. */
export interface ShapeFigures {
  shape: number;
  count: number;
  minPrice: number;
  maxPrice: number;
}

export interface OriginFigures {
  count: number;
  minPrice: number | null;
  maxPrice: number | null;
  byShape: ShapeFigures[];
}

export interface CatalogueFigures {
  /** Diamonds the search index holds (equal to `GET /api/search/status` `diamonds`). */
  listed: number;
  natural: OriginFigures;
  lab: OriginFigures;
  /** Visible retailers (status 2). */
  retailers: number;
  /** When the index last loaded the catalogue (epoch ms): it reloads when a feed import changes it. */
  indexLoadedAt: number;
  /** When these figures were read (epoch ms). */
  readAt: number;
}
