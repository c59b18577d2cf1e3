/**
 * The traffic alert shown under the announcement bar (§7 "traffic alert"): its id depends on
 * Hide_Tariff_Alert_V2, whose test variant fetches the general alert instead of the tariff one. (No
 * schemas here: the layout imports it, and it ships with every page.)
 */
export const TARIFF_ALERT_ID = "tariff-2026";
export const GENERAL_ALERT_ID = "holiday-shipping-2026";

/** The traffic alert id to fetch for the visitor's Hide_Tariff_Alert_V2 experience. */
export const trafficAlertId = (hideTariffAlert: 0 | 1): string => (hideTariffAlert === 1 ? GENERAL_ALERT_ID : TARIFF_ALERT_ID);
