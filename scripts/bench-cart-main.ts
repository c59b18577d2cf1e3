/**
 * `npm run bench:cart`: the cart section of `npm run bench` alone, against its own small local catalogue
 * (.wrangler/bench-cart, SEED_DIAMONDS default 20,000: the cart bench adds jewellery, not diamonds).
 * Prints figures; asserts nothing.
 */
import { existsSync } from "node:fs";
import { startWorker } from "../tests/e2e/server";
import { cartBench } from "./bench-cart";

const DIAMONDS = Number(process.env.SEED_DIAMONDS ?? 20_000);
const PERSIST = process.env.BENCH_PERSIST_TO ?? ".wrangler/bench-cart";

if (!existsSync("build/client/manifest.json")) throw new Error("build/ is missing: run `npm run build` first");
const worker = await startWorker({ persistTo: PERSIST, diamonds: DIAMONDS });
try {
  await cartBench(worker.url);
} catch (e) {
  console.error(worker.log().split("\n").slice(-40).join("\n"));
  throw e;
} finally {
  await worker.stop();
}
