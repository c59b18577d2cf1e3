/**
 * Hashed user data for conversion events (§7 "hashed user_data (em, ph, fn, ln, zp, st, ct, country)"): each field
 * normalised (normalise.ts) then SHA-256, lowercase hex. WebCrypto only, so the same code runs in workerd, Node
 * and the browser. A field empty after normalising is absent, never the hash of "".
 */
import type { HashedUserData } from "./event";
import { normaliseCity, normaliseCountry, normaliseEmail, normaliseExternalId, normaliseName, normalisePhone, normaliseState, normaliseZip } from "./normalise";

/** What the site knows about the shopper, as typed (any field may be missing). */
export interface RawUserData {
  em?: string | null;
  ph?: string | null;
  fn?: string | null;
  ln?: string | null;
  zp?: string | null;
  st?: string | null;
  ct?: string | null;
  country?: string | null;
  /** The visitor id (cookie); hashed into external_id. */
  external_id?: string | null;
  /** The ad-click cookie; kept unhashed, and only in its fb.1.{13 digits}.{id} form (§5). */
  fbc?: string | null;
}

/** §5: the ad-click cookie's only accepted form. */
const FBC = /^fb\.1\.\d{13}\..+$/;

// shared/ compiles without DOM or Workers types; WebCrypto and TextEncoder exist in every runtime it runs in.
interface WebCrypto {
  subtle: { digest(algorithm: "SHA-256", data: Uint8Array): Promise<ArrayBuffer> };
}
const runtime = globalThis as unknown as { crypto: WebCrypto; TextEncoder: new () => { encode(s: string): Uint8Array } };

/** SHA-256 of the UTF-8 bytes of `text`, lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await runtime.crypto.subtle.digest("SHA-256", new runtime.TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Normalises and hashes every known field (the phone and ZIP read the country for their rules). */
export async function hashUserData(raw: RawUserData): Promise<HashedUserData> {
  const normalised: Omit<HashedUserData, "fbc"> = {};
  const set = (key: keyof Omit<HashedUserData, "fbc">, v: string | null): void => {
    if (v !== null) normalised[key] = v;
  };
  set("em", normaliseEmail(raw.em));
  set("ph", normalisePhone(raw.ph, raw.country));
  set("fn", normaliseName(raw.fn));
  set("ln", normaliseName(raw.ln));
  set("zp", normaliseZip(raw.zp, raw.country));
  set("st", normaliseState(raw.st));
  set("ct", normaliseCity(raw.ct));
  set("country", normaliseCountry(raw.country));
  set("external_id", normaliseExternalId(raw.external_id));
  const out: HashedUserData = {};
  for (const [key, v] of Object.entries(normalised) as [keyof HashedUserData, string][]) out[key] = await sha256Hex(v);
  const fbc = raw.fbc?.trim();
  if (fbc && FBC.test(fbc)) out.fbc = fbc;
  return out;
}
