/**
 * What the proxy forwards to the upstream (tests/fakes/api-upstream.ts echoes what it received) and what it gives
 * back: the bearer token, the session cookie and headers, content-type, accept and our request id go along; the
 * hop-by-hop headers (Connection and the ones it names, Keep-Alive, Proxy-*, TE, Trailer, Upgrade, Host) stay
 * behind, both ways. Groups the table does not send upstream are served here.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { attempts, bench, echoOf, resetUpstream, upstreamOrigin } from "./proxy-helpers";

beforeEach(() => resetUpstream());

describe("headers through the proxy", () => {
  it("forwards the bearer token, the session cookie and header, content-type, accept and the request id", async () => {
    const b = bench();
    const res = await b.send("/api/orders/Save?x=1", {
      method: "POST",
      headers: {
        authorization: "Bearer abcdefghijklmnopqrstuvwxyz",
        cookie: "loupe_session=s3cr3t; loupe_vid=v1",
        "x-session-id": "sess-9",
        "content-type": "application/json",
        accept: "application/json",
        "accept-language": "en-US",
      },
      body: '{"orderNumber":"LP-1"}',
    });
    expect(res.status).toBe(200);
    const seen = await echoOf(res);
    expect(seen).toMatchObject({ method: "POST", path: "/orders/Save", query: "?x=1", body: '{"orderNumber":"LP-1"}' });
    expect(seen.headers).toMatchObject({
      authorization: "Bearer abcdefghijklmnopqrstuvwxyz",
      cookie: "loupe_session=s3cr3t; loupe_vid=v1",
      "x-session-id": "sess-9",
      "content-type": "application/json",
      accept: "application/json",
      "accept-language": "en-US",
      "x-request-id": "req-1",
    });
  });

  it("drops the hop-by-hop headers of the request, and those its Connection header names", async () => {
    const b = bench();
    const res = await b.send("/api/diamonds/42", {
      headers: {
        connection: "x-client-hop",
        "x-client-hop": "1",
        "keep-alive": "timeout=9",
        "proxy-authorization": "Basic cHJveHk6cHc=",
        "proxy-connection": "keep-alive",
        te: "trailers",
        trailer: "x-checksum",
        upgrade: "websocket",
        "x-end-to-end": "kept",
      },
    });
    const { headers } = await echoOf(res);
    for (const name of ["x-client-hop", "keep-alive", "proxy-authorization", "proxy-connection", "te", "trailer", "upgrade"]) {
      expect(headers, name).not.toHaveProperty(name);
    }
    expect(headers["x-end-to-end"]).toBe("kept");
    // Host is the upstream's, not this site's.
    expect(headers.host).toBe(new URL(upstreamOrigin()).host);
  });

  it("drops the hop-by-hop headers of the answer (Keep-Alive, and the header its Connection names)", async () => {
    const b = bench();
    const res = await b.send("/api/diamonds/42");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-upstream")).toBe("fake");
    expect(res.headers.has("keep-alive")).toBe(false);
    expect(res.headers.has("x-upstream-hop")).toBe(false);
    expect(res.headers.has("connection")).toBe(false);
  });

  it("keeps an upstream base path: /api/{path} goes to {base}/{path}", async () => {
    const b = bench({ base: `${upstreamOrigin()}/v2/`, groups: ["diamonds2"] });
    const res = await b.send("/api/diamonds2?promoCodeVariation=1", { method: "POST", body: '{"pageNumber":2}' });
    expect(await echoOf(res)).toMatchObject({ path: "/v2/diamonds2", query: "?promoCodeVariation=1", body: '{"pageNumber":2}' });
  });
});

describe("the group table", () => {
  it("serves here a group the table does not send upstream", async () => {
    const b = bench();
    const res = await b.send("/api/local");
    expect(await res.text()).toBe("served here");
  });

  it("matches groups whatever their case (SearchWizard and searchWizard are one group)", async () => {
    const b = bench({ groups: ["searchwizard"] });
    expect((await b.send("/api/SearchWizard/qualities", { method: "POST", body: "{}" })).status).toBe(200);
    expect((await b.send("/api/searchWizard/add-notes", { method: "POST", body: "{}" })).status).toBe(200);
    expect(await attempts("/SearchWizard/qualities")).toBe(1);
    expect(await attempts("/searchWizard/add-notes")).toBe(1);
  });
});
