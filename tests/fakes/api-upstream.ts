/**
 * A loopback, fault-injecting upstream main API for the API proxy's tests (worker/proxy/; decision 045), on its own
 * Node server because its faults happen below HTTP: started by global-setup.ts for the worker tests.
 *
 * Every request is counted by path and answered 200 with what it received (`{method, path, query, headers, body}`),
 * with `cache-control: public` (`public, max-age=60` on a path containing `/short`, `private` on one containing
 * `/private`) and two hop-by-hop headers the proxy must drop: `keep-alive`, and `x-upstream-hop` named by `Connection`.
 *
 * Control (`POST /__control/{action}`, JSON):
 * - `fault` `{kind, count, path?, ms?, status?}`: the next `count` requests (to `path` only, when given) fail:
 *   `reset` (the connection is destroyed before any answer: ECONNRESET), `hangup` (the socket is closed without an
 *   answer: "socket hang up"), `hang` (no answer until the client gives up), `slow` (the normal answer after `ms`),
 *   `status` (an error answer `status` with a JSON body: a 4xx or 5xx);
 * - `reset-state`: no faults, no counted attempts; `attempts`: `{path: n}`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./server";

/** A fault the fake injects. */
export type UpstreamFault =
  | { kind: "reset"; count: number; path?: string }
  | { kind: "hangup"; count: number; path?: string }
  | { kind: "hang"; count: number; path?: string }
  | { kind: "slow"; count: number; ms: number; path?: string }
  | { kind: "status"; count: number; status: number; path?: string };

/** The body of the fake's normal answer. */
export interface Echo {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
}

let faults: UpstreamFault[] = [];
let attempts: Record<string, number> = {};
const open = new Set<ServerResponse>();

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

function echo(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? "/", "http://fake");
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
  const answer: Echo = { method: req.method ?? "", path: url.pathname, query: url.search, headers, body };
  send(res, 200, JSON.stringify(answer), {
    "cache-control": url.pathname.includes("/private") ? "private" : url.pathname.includes("/short") ? "public, max-age=60" : "public",
    connection: "keep-alive, x-upstream-hop",
    "keep-alive": "timeout=5",
    "x-upstream-hop": "1",
    "x-upstream": "fake",
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? "/", "http://fake").pathname;
  const body = await readBody(req);
  if (path.startsWith("/__control/")) {
    const action = path.slice("/__control/".length);
    if (action === "fault") faults.push(JSON.parse(body) as UpstreamFault);
    else if (action === "reset-state") {
      faults = [];
      attempts = {};
    } else if (action === "attempts") return send(res, 200, JSON.stringify(attempts));
    return send(res, 200, "null");
  }
  attempts[path] = (attempts[path] ?? 0) + 1;
  const fault = faults.find((f) => f.path === undefined || f.path === path);
  if (!fault) return echo(req, res, body);
  if (--fault.count <= 0) faults.splice(faults.indexOf(fault), 1);
  if (fault.kind === "reset") return req.socket.resetAndDestroy();
  if (fault.kind === "hangup") return req.socket.end();
  if (fault.kind === "hang") {
    open.add(res);
    res.on("close", () => open.delete(res));
    return;
  }
  if (fault.kind === "slow") {
    open.add(res);
    setTimeout(() => {
      open.delete(res);
      if (!res.destroyed) echo(req, res, body);
    }, fault.ms);
    return;
  }
  send(res, fault.status, JSON.stringify({ error: { code: `upstream_${fault.status}`, message: `The upstream answered ${fault.status}` } }));
}

/** Starts the fake on a free loopback port. */
export async function startApiUpstreamFake(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) => send(res, 500, JSON.stringify({ error: String(e) })));
  });
  return listenOnLoopback(server, open);
}
