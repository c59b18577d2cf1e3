/**
 * Sales-tax estimate (§3 Tax): the state-level base rate of the US state the order ships to. Local
 * (county and city) rates come on top in many states, so the cart calls it an estimate; checkout's tax
 * service gives the exact figure. Rates in percent, state base rates as published for 2026.
 */
export const STATE_SALES_TAX_PERCENT: Readonly<Record<string, number>> = {
  AL: 4, AK: 0, AZ: 5.6, AR: 6.5, CA: 7.25, CO: 2.9, CT: 6.35, DE: 0, DC: 6, FL: 6, GA: 4, HI: 4, ID: 6,
  IL: 6.25, IN: 7, IA: 6, KS: 6.5, KY: 6, LA: 5, ME: 5.5, MD: 6, MA: 6.25, MI: 6, MN: 6.875, MS: 7,
  MO: 4.225, MT: 0, NE: 5.5, NV: 6.85, NH: 0, NJ: 6.625, NM: 4.875, NY: 4, NC: 4.75, ND: 5, OH: 5.75,
  OK: 4.5, OR: 0, PA: 6, RI: 7, SC: 6, SD: 4.2, TN: 7, TX: 6.25, UT: 4.85, VT: 6, VA: 5.3, WA: 6.5,
  WV: 6, WI: 5, WY: 4,
};

/** US state (and DC) names by postal code, for the tax-estimate picker. */
export const US_STATE_NAMES: Readonly<Record<string, string>> = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado", CT: "Connecticut",
  DE: "Delaware", DC: "District of Columbia", FL: "Florida", GA: "Georgia", HI: "Hawaii", ID: "Idaho", IL: "Illinois",
  IN: "Indiana", IA: "Iowa", KS: "Kansas", KY: "Kentucky", LA: "Louisiana", ME: "Maine", MD: "Maryland",
  MA: "Massachusetts", MI: "Michigan", MN: "Minnesota", MS: "Mississippi", MO: "Missouri", MT: "Montana",
  NE: "Nebraska", NV: "Nevada", NH: "New Hampshire", NJ: "New Jersey", NM: "New Mexico", NY: "New York",
  NC: "North Carolina", ND: "North Dakota", OH: "Ohio", OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania",
  RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah",
  VT: "Vermont", VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming",
};

/** The tax (cents, rounded up) on `taxableCents` shipped to `state` in `countryCode`; 0 outside the US or with no state. */
export function salesTaxCents(taxableCents: number, countryCode: string | null | undefined, state: string | null | undefined): number {
  if (taxableCents <= 0 || (countryCode ?? "US").toUpperCase() !== "US" || !state) return 0;
  const rate = STATE_SALES_TAX_PERCENT[state.toUpperCase()];
  return rate === undefined ? 0 : Math.ceil((taxableCents * rate) / 100);
}
