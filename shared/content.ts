/**
 * Content-store items the pages read (§7 content services). The traffic alert shown under the
 * announcement bar depends on Hide_Tariff_Alert_V2: its test variant fetches the general alert instead of
 * the tariff one.
 */
import * as v from "valibot";
import type { Variant } from "./experiments/bucketing";

export const TARIFF_ALERT_ID = "tariff-2026";
export const GENERAL_ALERT_ID = "holiday-shipping-2026";

/** The traffic alert id to fetch for the visitor's Hide_Tariff_Alert_V2 experience. */
export const trafficAlertId = (hideTariffAlert: Variant): string => (hideTariffAlert === 1 ? GENERAL_ALERT_ID : TARIFF_ALERT_ID);

export const TrafficAlertId = v.object({ id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/, "id must be lower-case letters, digits and -")) });

/** `GET /api/content/traffic-alert/{id}`. */
export const TrafficAlert = v.object({
  id: v.string(),
  message: v.string(),
  link: v.nullable(v.object({ text: v.string(), href: v.string() })),
});
export type TrafficAlert = v.InferOutput<typeof TrafficAlert>;
