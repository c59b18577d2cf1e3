/**
 * The loopback fakes of outside services (a Node HTTP server on 127.0.0.1 that speaks each provider's
 * documented API), started once for the worker tests by global-setup.ts. The worker under test reaches them
 * through the same adapters production uses, configured with the fake's origin instead of the provider's.
 * Each fake owns a path prefix (`/resend`, `/google`, `/facebook`); its state is reset and inspected by
 * tests through `/__control/{prefix}/…` (fakes.ts in the tests talks to it).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A fake provider: answers requests under its prefix, and control calls from the tests. */
export interface Fake {
  /** `/resend`: the requests under it are the provider's API (prefix removed). */
  readonly prefix: string;
  handle(request: Request): Promise<Response> | Response;
  /** `/__control{prefix}/{action}`: set up or read the fake's state (JSON in, JSON out). */
  control(action: string, body: unknown): Promise<unknown> | unknown;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : body });
}

/** Starts the fakes on a free loopback port; resolves to the origin and a stop function. */
export async function startFakes(fakes: readonly Fake[]): Promise<{ origin: string; stop: () => Promise<void> }> {
  let origin = "";
  const server: Server = createServer(async (req, res) => {
    try {
      const request = await toRequest(req, origin);
      const path = new URL(request.url).pathname;
      let response: Response = Response.json({ error: "no fake for this path" }, { status: 404 });
      for (const fake of fakes) {
        if (path.startsWith(`/__control${fake.prefix}/`)) {
          const action = path.slice(`/__control${fake.prefix}/`.length);
          const text = await request.text();
          response = Response.json((await fake.control(action, text ? JSON.parse(text) : null)) ?? null);
          break;
        }
        if (path === fake.prefix || path.startsWith(`${fake.prefix}/`)) {
          const inner = new URL(request.url);
          inner.pathname = path.slice(fake.prefix.length) || "/";
          response = await fake.handle(new Request(inner, request));
          break;
        }
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      res.writeHead(response.status, headers);
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (e) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(e));
    }
  });
  const started = await listenOnLoopback(server);
  origin = started.origin;
  return started;
}

/**
 * Listens on a free loopback port: the origin, and a stop that ends the responses a fake holds open (hung or
 * slow answers it was told to give) and every kept-alive connection before closing.
 */
export async function listenOnLoopback(server: Server, held: ReadonlySet<ServerResponse> = new Set()): Promise<{ origin: string; stop: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
