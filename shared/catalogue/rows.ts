/**
 * The D1 row types of the catalogue tables (keys = SQL columns, see migrations/). Type aliases, not
 * interfaces, so rows are assignable to Record<string, unknown>. The seed generator writes them; the
 * worker's storage code and the importer read them.
 */

/** A `retailers` row. `features`, `sociallinks` and `ratings` hold JSON text. */
export type RetailerRow = {
  id: number;
  name: string;
  slugurl: string;
  type: number;
  status: number;
  logo_url: string;
  small_logo_url: string;
  description: string;
  websiteurl: string;
  seller_trade_type: string;
  email: string;
  phone: string;
  about_image: string;
  features: string;
  sociallinks: string;
  ratings: string;
  /** The US location (migration 0019): five-digit ZIP, city, two-letter state, WGS84 degrees. */
  postal_code: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
};

/** A `diamonds` row. Booleans are 0/1, money is integer cents, times are epoch ms. */
export type DiamondRow = {
  id: number;
  retailer_id: number;
  certificate_lab: number;
  certificate_id: string;
  is_lab_grown: number;
  shape: number;
  carat: number;
  cut: number;
  color: number;
  clarity: number;
  polish: number;
  symmetry: number;
  fluorescence: number;
  depth_pct: number;
  table_pct: number;
  length_mm: number;
  width_mm: number;
  depth_mm: number;
  lw_ratio: number;
  eye_clean: number;
  shipping_days: number;
  price_cents: number;
  price_before_discount_cents: number | null;
  discount_percentage: number | null;
  is_sold: number;
  is_rc_ideal: number;
  has_video: number;
  /** 1 when the retailer sent a photograph (see retailerSendsPhotos); the listing image is the shape drawing otherwise. */
  has_image: number;
  image_url: string;
  video_preview_url: string | null;
  paired_diamond_id: number | null;
  sorting_order: number;
  updated_at: number;
  /** A lab-grown stone's growth method as the retailer states it: 'CVD' or 'HPHT'; null when not stated, and for natural stones (migration 0022). */
  growth_method: "CVD" | "HPHT" | null;
  /** A lab-grown stone treated after growth: 1 treated, 0 as grown, null when not stated and for natural stones. */
  treated: number | null;
};

/** A `diamond_price_history` row. */
export type PriceHistoryRow = {
  diamond_id: number;
  at: number;
  price_cents: number;
  source: string;
};

/** A `settings` row (engagement settings, wedding bands and jewellery). */
export type SettingRow = {
  id: number;
  name: string;
  item_type: number;
  item_type_name: string;
  style: number;
  retailer_id: number;
  description: string;
  keywords: string;
  shapes_mask: number;
  side_stones_weight: number;
  width_mm: number;
  shipping_days: number;
  matching_band_id: number | null;
  gender: string;
  is_eternity: number;
  sorting_order: number;
};

/** A `setting_variants` row: one setting in one metal. */
export type SettingVariantRow = {
  id: number;
  setting_id: number;
  metal: number;
  name: string;
  price_cents: number;
  price_before_discount_cents: number | null;
  discount_percentage: number | null;
  image_url: string;
  is_sold: number;
};
