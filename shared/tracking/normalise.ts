/**
 * Normalising customer information before it is hashed, following Meta's Conversions API "customer information
 * parameters" rules (the other engines' enhanced-conversion rules are the same or looser): a value normalised
 * differently from the engine's own hashing never matches anyone. Every function returns null when nothing is
 * left, so an empty or junk field is left out rather than hashed.
 */

/** US states and DC by name, for `st` (Meta wants the 2-letter ANSI code). */
const US_STATES: Record<string, string> = {
  alabama: "al",
  alaska: "ak",
  arizona: "az",
  arkansas: "ar",
  california: "ca",
  colorado: "co",
  connecticut: "ct",
  delaware: "de",
  districtofcolumbia: "dc",
  florida: "fl",
  georgia: "ga",
  hawaii: "hi",
  idaho: "id",
  illinois: "il",
  indiana: "in",
  iowa: "ia",
  kansas: "ks",
  kentucky: "ky",
  louisiana: "la",
  maine: "me",
  maryland: "md",
  massachusetts: "ma",
  michigan: "mi",
  minnesota: "mn",
  mississippi: "ms",
  missouri: "mo",
  montana: "mt",
  nebraska: "ne",
  nevada: "nv",
  newhampshire: "nh",
  newjersey: "nj",
  newmexico: "nm",
  newyork: "ny",
  northcarolina: "nc",
  northdakota: "nd",
  ohio: "oh",
  oklahoma: "ok",
  oregon: "or",
  pennsylvania: "pa",
  rhodeisland: "ri",
  southcarolina: "sc",
  southdakota: "sd",
  tennessee: "tn",
  texas: "tx",
  utah: "ut",
  vermont: "vt",
  virginia: "va",
  washington: "wa",
  westvirginia: "wv",
  wisconsin: "wi",
  wyoming: "wy",
  puertorico: "pr",
};

/** Country names shoppers type instead of the code (the checkout form sends codes; old orders may not). */
const COUNTRY_NAMES: Record<string, string> = {
  usa: "us",
  unitedstates: "us",
  unitedstatesofamerica: "us",
  america: "us",
  uk: "gb",
  unitedkingdom: "gb",
  greatbritain: "gb",
  england: "gb",
  canada: "ca",
  australia: "au",
  germany: "de",
  france: "fr",
  india: "in",
  israel: "il",
  mexico: "mx",
};

/** Calling codes for a national phone number (no "+"): the shop sells to these most; others are left as typed. */
const CALLING_CODES: Record<string, string> = { us: "1", ca: "1", pr: "1", gb: "44", au: "61", de: "49", fr: "33", in: "91", il: "972", mx: "52" };

/** Lowercase, Unicode-composed (é is one code point, as Meta's UTF-8 examples hash it), trimmed. */
const base = (v: string | null | undefined): string => (v ?? "").normalize("NFC").trim().toLowerCase();
const orNull = (v: string): string | null => (v === "" ? null : v);
/** Letters and digits of any script: punctuation, symbols and spaces go. */
const lettersAndDigits = (v: string): string => v.replace(/[^\p{L}\p{N}]/gu, "");

/** em: trimmed and lowercased; without an "@" between two non-empty parts it is not an address (null). */
export function normaliseEmail(raw: string | null | undefined): string | null {
  const v = base(raw);
  return /^[^\s@]+@[^\s@]+$/.test(v) ? v : null;
}

/**
 * ph: digits only, with the country code and no leading zeros. "+44 …" and "0044 …" already carry it; a
 * national number gets its country's code (the US's when the country is unknown), its trunk zero dropped first.
 */
export function normalisePhone(raw: string | null | undefined, country?: string | null): string | null {
  const v = base(raw);
  let digits = v.replace(/\D/g, "");
  if (digits === "") return null;
  if (v.startsWith("+")) return orNull(digits.replace(/^0+/, ""));
  if (digits.startsWith("00")) return orNull(digits.replace(/^0+/, ""));
  digits = digits.replace(/^0+/, "");
  if (digits === "") return null;
  const cc = normaliseCountry(country) ?? "us";
  const code = CALLING_CODES[cc];
  if (code === undefined) return digits;
  // A NANP number typed with its leading 1 (11 digits) already has the code.
  if (code === "1" && digits.length === 11 && digits.startsWith("1")) return digits;
  return code + digits;
}

/** fn / ln: lowercase, no punctuation; letters of any script and accents kept (Meta hashes "valéry"). */
export function normaliseName(raw: string | null | undefined): string | null {
  const v = base(raw)
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  return orNull(v);
}

/** ct: lowercase with no spaces or punctuation ("New York" → "newyork"). */
export function normaliseCity(raw: string | null | undefined): string | null {
  return orNull(lettersAndDigits(base(raw)));
}

/** st: the 2-letter code, lowercase; a US state's full name becomes its code, others lose spaces and punctuation. */
export function normaliseState(raw: string | null | undefined): string | null {
  const v = lettersAndDigits(base(raw));
  return orNull(US_STATES[v] ?? v);
}

/** zp: lowercase, no spaces or dashes; a US ZIP (or ZIP+4) is its first 5 digits. */
export function normaliseZip(raw: string | null | undefined, country?: string | null): string | null {
  const v = base(raw).replace(/[\s-]/g, "");
  const cc = normaliseCountry(country);
  if ((cc === "us" || cc === null) && /^\d{5}(\d{4})?$/.test(v)) return v.slice(0, 5);
  return orNull(v);
}

/** country: ISO 3166-1 alpha-2, lowercase; a few common names are mapped, anything else not 2 letters is dropped. */
export function normaliseCountry(raw: string | null | undefined): string | null {
  const v = lettersAndDigits(base(raw));
  const code = COUNTRY_NAMES[v] ?? v;
  return /^[a-z]{2}$/.test(code) ? code : null;
}

/** external_id: the visitor id as it is, trimmed (ids are case-sensitive, so no lowercasing). */
export function normaliseExternalId(raw: string | null | undefined): string | null {
  return orNull((raw ?? "").trim());
}
