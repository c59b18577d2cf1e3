import { startWorker } from "../tests/e2e/server";
const w = await startWorker({ persistTo: ".wrangler/e2e", diamonds: 5000 });
const path = process.argv[2]!;
const t = performance.now();
const r = await fetch(w.url + path, { signal: AbortSignal.timeout(15000) }).then((r) => r.status, (e) => String(e));
console.log(path, r, ((performance.now() - t) / 1000).toFixed(2));
console.log(w.log().split("\n").filter((l) => !/warn|getaddrinfo|at |Error: getaddr/.test(l)).slice(-8).join("\n"));
await w.stop();
