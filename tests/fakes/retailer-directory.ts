/**
 * A loopback, fault-injecting upstream retailer directory (worker/retailers/upstream.ts's API:
 * `GET /retailers` → `{retailers}`, `GET /retailers/{slug}` → a retailer or 404, `GET /logos/{slug}.svg` → SVG),
 * on its own Node server because its faults happen below HTTP: started by global-setup.ts for the worker tests.
 *
 * Control (`POST /__control/{action}`, JSON):
 * - `fault` `{kind, count, path?}`: the next `count` requests (to `path` only, when given) fail: `reset` (the connection is destroyed before any
 *   answer: ECONNRESET), `hangup` (headers and half a body, then the socket is destroyed), `stall` (no answer
 *   until the client gives up and aborts), `500` (an error answer with a body), `garbage` (200, not JSON);
 * - `reset-state`: no faults, no counted attempts;
 * - `attempts`: how many requests each path received (`{path: n}`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./server";

/** A fault the fake injects. */
export type DirectoryFault = "reset" | "hangup" | "stall" | "500" | "garbage";

const retailer = (id: number, slug: string, name: string, extra: Record<string, unknown>) => ({
  id,
  name,
  slugurl: slug,
  type: 3,
  status: 2,
  logoUrl: `/logos/${slug}.svg`,
  smallLogoUrl: `/logos/${slug}.svg`,
  description: `${name}, a retailer of the upstream directory.`,
  websiteurl: `https://${slug}.example`,
  sellerTradeType: "Online retailer",
  email: `hello@${slug}.example`,
  phone: "+1 (555) 555-0100",
  aboutImage: "",
  postalCode: "10036",
  city: "New York",
  state: "NY",
  latitude: 40.759,
  longitude: -73.9845,
  features: [{ group: "Service", name: "Virtual appointments", active: true }],
  sociallinks: [{ network: "instagram", url: `https://instagram.example.com/${slug}` }],
  ratings: [{ provider: "google", rating: 4.6, count: 120 }],
  ...extra,
});

/** The upstream's retailers: two shown, one hidden, one without a logo. */
export const UPSTREAM_RETAILERS = [
  retailer(101, "upstream-gems", "Upstream Gems", {}),
  retailer(102, "remote-carats", "Remote Carats", { postalCode: "90014", city: "Los Angeles", state: "CA", latitude: 34.0446, longitude: -118.2546 }),
  retailer(103, "hidden-upstream", "Hidden Upstream", { status: 1 }),
  retailer(104, "logoless-upstream", "Logoless Upstream", { logoUrl: "" }),
];

let faults: { kind: DirectoryFault; count: number; path?: string }[] = [];
let attempts: Record<string, number> = {};
const stalled = new Set<ServerResponse>();

function answer(res: ServerResponse, status: number, body: string, type = "application/json") {
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function serve(path: string, res: ServerResponse) {
  if (path === "/retailers") return answer(res, 200, JSON.stringify({ retailers: UPSTREAM_RETAILERS }));
  const one = /^\/retailers\/([a-z0-9-]+)$/.exec(path);
  if (one) {
    const r = UPSTREAM_RETAILERS.find((x) => x.slugurl === one[1]);
    return r ? answer(res, 200, JSON.stringify(r)) : answer(res, 404, JSON.stringify({ message: "not found" }));
  }
  const logo = /^\/logos\/([a-z0-9-]+)\.svg$/.exec(path);
  if (logo) return answer(res, 200, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>${logo[1]}</title></svg>`, "image/svg+xml");
  answer(res, 404, JSON.stringify({ message: "no such path" }));
}

function fail(kind: DirectoryFault, req: IncomingMessage, res: ServerResponse) {
  if (kind === "reset") return req.socket.resetAndDestroy();
  if (kind === "hangup") {
    res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
    res.write('{"retailers": [');
    setTimeout(() => req.socket.destroy(), 20);
    return;
  }
  if (kind === "stall") {
    stalled.add(res);
    res.on("close", () => stalled.delete(res));
    return;
  }
  if (kind === "500") return answer(res, 500, JSON.stringify({ message: "directory database is down" }));
  answer(res, 200, "<html>not json</html>");
}

async function control(action: string, req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : null;
  if (action === "fault") faults.push(body as { kind: DirectoryFault; count: number; path?: string });
  else if (action === "reset-state") {
    faults = [];
    attempts = {};
  } else if (action === "attempts") return attempts;
  return null;
}

/** Starts the fake on a free loopback port. */
export async function startRetailerDirectoryFake(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (path.startsWith("/__control/")) return answer(res, 200, JSON.stringify((await control(path.slice(11), req)) ?? null));
    attempts[path] = (attempts[path] ?? 0) + 1;
    const fault = faults.find((f) => f.path === undefined || f.path === path);
    if (fault) {
      if (--fault.count <= 0) faults.splice(faults.indexOf(fault), 1);
      return fail(fault.kind, req, res);
    }
    serve(path, res);
  });
  return listenOnLoopback(server, stalled);
}
