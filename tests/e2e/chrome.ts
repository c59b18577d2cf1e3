import { existsSync } from "node:fs";

/**
 * The Chromium to drive: `CHROME_PATH`, else Debian's `/usr/bin/chromium`, else the build that the npm
 * package `@sparticuz/chromium` ships (unpacked to /tmp on first use — nothing is downloaded).
 */
export async function chromePath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const { default: chromium } = await import("@sparticuz/chromium");
  return chromium.executablePath();
}

/** Flags for a headless Chromium on a machine without network or GPU. */
export const CHROME_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-extensions",
];
