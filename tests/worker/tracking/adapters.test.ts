/**
 * Each engine adapter's request as the engine's documented API wants it: Meta, GA4 and TikTok against their
 * loopback fakes (tests/fakes/), Google Ads, Pinterest, Criteo and ShareASale through a recording fetch; how each
 * answer is classified (delivered, retried, failed for good); timeouts; and which engines are configured.
 */
import { describe, expect, it } from "vitest";
import { ENGINES, type TrackingEvent } from "#shared/tracking/event.ts";
import { configuredEngines } from "#worker/tracking/engines/config.ts";
import { criteoAdapter, criteoConfig } from "#worker/tracking/engines/criteo.ts";
import { ga4Adapter, ga4Config } from "#worker/tracking/engines/ga4.ts";
import { googleAdsAdapter, googleAdsConfig } from "#worker/tracking/engines/google-ads.ts";
import { metaAdapter, metaConfig } from "#worker/tracking/engines/meta.ts";
import { pinterestAdapter, pinterestConfig } from "#worker/tracking/engines/pinterest.ts";
import { shareASaleAdapter, shareASaleConfig } from "#worker/tracking/engines/shareasale.ts";
import { tiktokAdapter, tiktokConfig } from "#worker/tracking/engines/tiktok.ts";
import type { EngineEvent } from "#worker/tracking/engines/types.ts";
import { fakeHash, ga4Stream, metaPixel, purchaseEvent, tiktokPixel } from "./engine-fakes";

const asSent = (event: TrackingEvent): EngineEvent => ({
  event,
  view: { value: event.custom_data.value, content_ids: event.custom_data.content_ids, items: event.custom_data.items },
});

/** A fetch that records each request and answers `reply`. */
function recordingFetch(reply: (url: string, init: RequestInit) => Response = () => Response.json({})) {
  const calls: { url: string; init: RequestInit; body: unknown }[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const text = typeof init.body === "string" ? init.body : "";
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // form bodies stay text
    }
    calls.push({ url, init, body });
    return reply(url, init);
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const header = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

describe("Meta Conversions API (fake)", () => {
  it("is configured by the pixel id and the access token only", () => {
    expect(metaConfig({})).toBeNull();
    expect(metaConfig({ META_PIXEL_ID: "1" })).toBeNull();
    expect(metaConfig({ META_PIXEL_ID: " 1 ", META_ACCESS_TOKEN: "t" })).toEqual({
      pixelId: "1",
      accessToken: "t",
      graphUrl: "https://graph.facebook.com",
      version: "21.0",
    });
  });

  it("sends the server event with hashed user data, the client's IP and agent, and the engine's value and contents", async () => {
    const meta = await metaPixel();
    const event = purchaseEvent({ user_data: { em: fakeHash(), fbc: "fb.1.1700000000000.AbC" } });
    expect(await metaAdapter(metaConfig(meta.env)!).send([asSent(event)])).toEqual({ kind: "delivered" });
    const [received] = await meta.received();
    expect(received).toEqual({
      event_name: "Purchase",
      event_time: event.event_time,
      event_id: event.event_id,
      event_source_url: event.event_source_url,
      action_source: "website",
      user_data: { ...event.user_data, client_ip_address: "203.0.113.7", client_user_agent: "Mozilla/5.0 (test)" },
      custom_data: {
        content_category: "lab-diamond",
        content_name: "1.01 ct round lab diamond",
        content_ids: ["LD-1001"],
        content_type: "product",
        currency: "USD",
        value: 1234.5,
        contents: [{ id: "LD-1001", quantity: 1, item_price: 2469 }],
        num_items: 1,
        order_id: event.custom_data.order_id,
      },
    });
  });

  it("a wrong token and an unknown pixel fail for good; throttling, 5xx and a timeout are retried", async () => {
    const meta = await metaPixel();
    const config = metaConfig(meta.env)!;
    const send = (c = config) => metaAdapter(c).send([asSent(purchaseEvent())]);
    expect(await send({ ...config, accessToken: "wrong" })).toMatchObject({ kind: "failed", error: expect.stringContaining("OAuthException 190") });
    expect(await send({ ...config, pixelId: "404404" })).toMatchObject({ kind: "failed", error: expect.stringContaining("GraphMethodException 100/33") });
    await meta.fail(400, 1, 17);
    expect(await send()).toMatchObject({ kind: "retry", error: expect.stringContaining("User request limit reached") });
    await meta.fail(500);
    expect(await send()).toMatchObject({ kind: "retry", error: expect.stringContaining("meta 500") });
    await meta.hang(2_000);
    expect(await send({ ...config, timeoutMs: 100 })).toEqual({ kind: "retry", error: "meta: no answer in time" });
    expect(await send()).toEqual({ kind: "delivered" });
  });
});

describe("GA4 Measurement Protocol (fake)", () => {
  it("maps the site's events to GA4's recommended names and params, valid for GA4's validation", async () => {
    const ga4 = await ga4Stream();
    const visitor = fakeHash();
    const names = ["view_content", "add_to_cart", "remove_from_cart", "initiate_checkout", "add_shipping_info", "purchase", "search", "page_view"] as const;
    const events = names.map((event_name) => asSent(purchaseEvent({ event_name }, visitor)));
    expect(await ga4Adapter(ga4Config(ga4.env)!).send(events)).toEqual({ kind: "delivered" });
    const [request] = await ga4.received();
    expect(request!.clientId).toBe(visitor);
    expect(request!.apiSecretOk).toBe(true);
    expect(request!.validationMessages).toEqual([]);
    expect(request!.events.map((e) => e.name)).toEqual([
      "view_item",
      "add_to_cart",
      "remove_from_cart",
      "begin_checkout",
      "add_shipping_info",
      "purchase",
      "search",
      "page_view",
    ]);
    expect(request!.events[5]!.params).toMatchObject({
      currency: "USD",
      value: 1234.5,
      transaction_id: events[5]!.event.custom_data.order_id,
      items: [{ item_id: "LD-1001", item_name: "1.01 ct round lab diamond", item_category: "lab-diamond", price: 2469, quantity: 1 }],
    });
  });

  it("retries a 5xx or 429 and declines add_shipping_info_user_data", async () => {
    const ga4 = await ga4Stream();
    const adapter = ga4Adapter(ga4Config(ga4.env)!);
    await ga4.fail(429);
    expect(await adapter.send([asSent(purchaseEvent())])).toMatchObject({ kind: "retry", error: expect.stringContaining("RESOURCE_EXHAUSTED") });
    await ga4.fail(503);
    expect(await adapter.send([asSent(purchaseEvent())])).toMatchObject({ kind: "retry" });
    expect(adapter.declines!(purchaseEvent({ event_name: "add_shipping_info_user_data" }))).toMatch(/does not take/);
    expect(adapter.declines!(purchaseEvent())).toBeNull();
  });
});

describe("TikTok Events API (fake)", () => {
  it("sends the event with its user and properties; code 0 is delivered", async () => {
    const tiktok = await tiktokPixel();
    const event = purchaseEvent();
    expect(await tiktokAdapter(tiktokConfig(tiktok.env)!).send([asSent(event)])).toEqual({ kind: "delivered" });
    expect(await tiktok.received()).toEqual([
      {
        event: "CompletePayment",
        event_time: event.event_time,
        event_id: event.event_id,
        user: {
          email: event.user_data.em,
          phone: event.user_data.ph,
          external_id: event.user_data.external_id,
          ip: "203.0.113.7",
          user_agent: "Mozilla/5.0 (test)",
        },
        properties: {
          contents: [{ content_id: "LD-1001", content_type: "product", content_name: "1.01 ct round lab diamond", price: 2469, quantity: 1 }],
          content_type: "product",
          currency: "USD",
          value: 1234.5,
          order_id: event.custom_data.order_id,
        },
        page: { url: event.event_source_url },
      },
    ]);
  });

  it("reads TikTok's codes in a 200: 40100 and 5xxxx retried, a wrong token failed; an HTTP 503 retried", async () => {
    const tiktok = await tiktokPixel();
    const config = tiktokConfig(tiktok.env)!;
    const send = (c = config) => tiktokAdapter(c).send([asSent(purchaseEvent())]);
    await tiktok.fail({ code: 40100 });
    expect(await send()).toMatchObject({ kind: "retry", error: expect.stringContaining("code 40100") });
    await tiktok.fail({ status: 503 });
    expect(await send()).toMatchObject({ kind: "retry" });
    expect(await send({ ...config, accessToken: "wrong" })).toMatchObject({ kind: "failed", error: expect.stringContaining("code 40105") });
  });
});

describe("Google Ads click conversions", () => {
  const env = {
    GOOGLE_ADS_CUSTOMER_ID: "123-456-7890",
    GOOGLE_ADS_CONVERSION_ACTION_ID: "987",
    GOOGLE_ADS_DEVELOPER_TOKEN: "dev",
    GOOGLE_ADS_CLIENT_ID: `client-${crypto.randomUUID()}`,
    GOOGLE_ADS_CLIENT_SECRET: "secret",
    GOOGLE_ADS_REFRESH_TOKEN: "refresh",
    GOOGLE_ADS_API_URL: "https://ads.test",
    GOOGLE_OAUTH_URL: "https://oauth.test",
  };

  it("takes purchases with a gclid only, gets a token once, and uploads the click conversion", async () => {
    expect(googleAdsConfig({ ...env, GOOGLE_ADS_REFRESH_TOKEN: "" })).toBeNull();
    const { calls, fetch } = recordingFetch((url) =>
      url.startsWith("https://oauth.test") ? Response.json({ access_token: "ya29.token", expires_in: 3599 }) : Response.json({ results: [{}] }),
    );
    const adapter = googleAdsAdapter({ ...googleAdsConfig(env)!, fetch });
    const event = purchaseEvent({ event_source_url: "https://loupe.test/orders/LP1/success?gclid=Cj0KCQ" });
    expect(adapter.declines!(purchaseEvent())).toMatch(/no gclid/);
    expect(adapter.declines!(purchaseEvent({ event_name: "add_to_cart", event_source_url: event.event_source_url }))).toMatch(/purchases only/);
    expect(adapter.declines!(event)).toBeNull();
    expect(await adapter.send([asSent(event)])).toEqual({ kind: "delivered" });
    expect(await adapter.send([asSent(event)])).toEqual({ kind: "delivered" });
    expect(calls.map((c) => c.url)).toEqual([
      "https://oauth.test/token",
      "https://ads.test/v19/customers/1234567890:uploadClickConversions",
      "https://ads.test/v19/customers/1234567890:uploadClickConversions",
    ]);
    expect(calls[0]!.body).toContain("grant_type=refresh_token");
    expect(header(calls[1]!.init, "authorization")).toBe("Bearer ya29.token");
    expect(header(calls[1]!.init, "developer-token")).toBe("dev");
    expect(calls[1]!.body).toEqual({
      conversions: [
        {
          gclid: "Cj0KCQ",
          conversionAction: "customers/1234567890/conversionActions/987",
          conversionDateTime: `${new Date(event.event_time * 1000).toISOString().slice(0, 19).replace("T", " ")}+00:00`,
          conversionValue: 1234.5,
          currencyCode: "USD",
          orderId: event.custom_data.order_id,
        },
      ],
      partialFailure: true,
    });
  });

  it("a partial failure is a permanent failure", async () => {
    const { fetch } = recordingFetch((url) =>
      url.startsWith("https://oauth.test")
        ? Response.json({ access_token: "t", expires_in: 3599 })
        : Response.json({ partialFailureError: { code: 3, message: "The click was not found" } }),
    );
    const adapter = googleAdsAdapter({ ...googleAdsConfig({ ...env, GOOGLE_ADS_CLIENT_ID: `other-${crypto.randomUUID()}` })!, fetch });
    expect(await adapter.send([asSent(purchaseEvent({ event_source_url: "https://loupe.test/?gclid=x" }))])).toEqual({
      kind: "failed",
      error: "google-ads: The click was not found",
    });
  });
});

describe("Pinterest, Criteo and ShareASale", () => {
  it("Pinterest: the ad account's events with a Bearer token, the value as a string, user data as lists", async () => {
    const { calls, fetch } = recordingFetch(() => Response.json({ num_events_received: 1, num_events_processed: 1, events: [{ status: "processed" }] }));
    const adapter = pinterestAdapter({ ...pinterestConfig({ PINTEREST_AD_ACCOUNT_ID: "549755885175", PINTEREST_ACCESS_TOKEN: "pina" })!, fetch });
    const event = purchaseEvent();
    expect(await adapter.send([asSent(event)])).toEqual({ kind: "delivered" });
    expect(calls[0]!.url).toBe("https://api.pinterest.com/v5/ad_accounts/549755885175/events");
    expect(header(calls[0]!.init, "authorization")).toBe("Bearer pina");
    const [sent] = (calls[0]!.body as { data: Record<string, unknown>[] }).data;
    expect(sent).toMatchObject({
      event_name: "checkout",
      action_source: "web",
      event_id: event.event_id,
      user_data: { em: [event.user_data.em], external_id: [event.user_data.external_id] },
    });
    expect(sent!.custom_data).toMatchObject({ currency: "USD", value: "1234.5", order_id: event.custom_data.order_id, num_items: 1 });
    const { fetch: refusing } = recordingFetch(() => Response.json({ code: 2, message: "Authentication failed." }, { status: 401 }));
    expect(
      await pinterestAdapter({ ...pinterestConfig({ PINTEREST_AD_ACCOUNT_ID: "1", PINTEREST_ACCESS_TOKEN: "x" })!, fetch: refusing }).send([asSent(event)]),
    ).toEqual({
      kind: "failed",
      error: "pinterest 401: code 2: Authentication failed.",
    });
  });

  it("Criteo: one visitor's event per request to the s2s endpoint; no event for what Criteo has none of", async () => {
    const { calls, fetch } = recordingFetch(() => new Response(null, { status: 204 }));
    const adapter = criteoAdapter({ ...criteoConfig({ CRITEO_ACCOUNT_ID: "12345", CRITEO_CALLER_ID: "caller" })!, fetch });
    const event = purchaseEvent();
    expect(adapter.maxPerRequest).toBe(1);
    expect(adapter.declines!(purchaseEvent({ event_name: "remove_from_cart" }))).toMatch(/no remove_from_cart/);
    expect(await adapter.send([asSent(event)])).toEqual({ kind: "delivered" });
    expect(calls[0]!.url).toBe("https://widget.criteo.com/m/event?version=s2s_v0");
    expect(calls[0]!.body).toMatchObject({
      account: "12345",
      id: { mapping_key: "caller", email: { sha256: event.user_data.em } },
      retailer_visitor_id: event.user_data.external_id,
      site_type: "d",
      events: [{ event: "trackTransaction", id: event.custom_data.order_id, currency: "USD", item: [{ id: "LD-1001", price: 2469, quantity: 1 }] }],
    });
  });

  it("ShareASale: a signed new-transaction call for purchases; an error answer is a failure", async () => {
    const now = new Date(Date.UTC(2026, 10, 28, 9, 0, 0));
    const { calls, fetch } = recordingFetch(() => new Response("Transaction Created", { status: 200 }));
    const config = {
      ...shareASaleConfig({ SHAREASALE_MERCHANT_ID: "4711", SHAREASALE_API_TOKEN: "tok", SHAREASALE_API_SECRET: "sec" })!,
      fetch,
      now: () => now,
    };
    const event = purchaseEvent();
    expect(shareASaleAdapter(config).declines!(purchaseEvent({ event_name: "add_to_cart" }))).toMatch(/purchases only/);
    expect(await shareASaleAdapter(config).send([asSent(event)])).toEqual({ kind: "delivered" });
    const url = new URL(calls[0]!.url);
    expect(url.origin + url.pathname).toBe("https://api.shareasale.com/w.cfm");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      merchantId: "4711",
      token: "tok",
      version: "3.0",
      action: "new",
      transtype: "sale",
      amount: "1234.50",
      tracking: event.custom_data.order_id,
      skulist: "LD-1001",
    });
    const date = now.toUTCString();
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`tok:${date}:new:sec`));
    expect(header(calls[0]!.init, "x-ShareASale-Date")).toBe(date);
    expect(header(calls[0]!.init, "x-ShareASale-Authentication")).toBe(Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(""));
    const { fetch: erroring } = recordingFetch(() => new Response("4031 Error Code: transaction already exists", { status: 200 }));
    expect(await shareASaleAdapter({ ...config, fetch: erroring }).send([asSent(event)])).toMatchObject({ kind: "failed" });
  });
});

describe("configured engines", () => {
  it("none without secrets; each engine whose secrets are set; never an engine §1 disables", () => {
    expect(configuredEngines({})).toEqual([]);
    const all = configuredEngines({
      META_PIXEL_ID: "1",
      META_ACCESS_TOKEN: "t",
      GA4_MEASUREMENT_ID: "G-1",
      GA4_API_SECRET: "s",
      GOOGLE_ADS_CUSTOMER_ID: "1",
      GOOGLE_ADS_CONVERSION_ACTION_ID: "2",
      GOOGLE_ADS_DEVELOPER_TOKEN: "d",
      GOOGLE_ADS_CLIENT_ID: "c",
      GOOGLE_ADS_CLIENT_SECRET: "s",
      GOOGLE_ADS_REFRESH_TOKEN: "r",
      TIKTOK_PIXEL_CODE: "C1",
      TIKTOK_ACCESS_TOKEN: "t",
      PINTEREST_AD_ACCOUNT_ID: "1",
      PINTEREST_ACCESS_TOKEN: "t",
      CRITEO_ACCOUNT_ID: "1",
      SHAREASALE_MERCHANT_ID: "1",
      SHAREASALE_API_TOKEN: "t",
      SHAREASALE_API_SECRET: "s",
      ...{ REDDIT_PIXEL_ID: "r", SNAPCHAT_PIXEL_ID: "s" },
    } as Parameters<typeof configuredEngines>[0]);
    expect(all.map((a) => a.engine)).toEqual([...ENGINES]);
    expect(configuredEngines({ GA4_MEASUREMENT_ID: "G-1", GA4_API_SECRET: "s" }).map((a) => a.engine)).toEqual(["ga4"]);
  });
});
