import { describe, expect, it } from "vitest";
import { EXPERIMENTS } from "#shared/experiments/definitions.ts";
import { call } from "../helpers";

type Assigned = { name: string; cookie: string; variant: 0 | 1; source: string; targeted: boolean };

const experimentCookies = (res: Response) =>
  new Map(
    res.headers
      .getSetCookie()
      .filter((c) => EXPERIMENTS.some((e) => c.startsWith(`${e.cookie}=`)))
      .map((c) => [c.slice(0, c.indexOf("=")), c]),
  );

async function assignments(path: string, init: RequestInit & { cf?: Record<string, unknown> } = {}) {
  const res = await call(path, init);
  const body = (await res.json()) as { experiments: Assigned[] };
  return { res, byName: new Map(body.experiments.map((e) => [e.name, e])) };
}

/** The visitor cookie (and any other) a response set, as a Cookie header. */
const cookieHeader = (res: Response, extra: Record<string, string> = {}) =>
  [...res.headers.getSetCookie().map((c) => c.split(";")[0]!), ...Object.entries(extra).map(([k, v]) => `${k}=${v}`)].join("; ");

describe("experiment bucketing middleware (§4)", () => {
  it("buckets a new visitor and sets a 365-day cookie for each split variant, none for location or off experiments", async () => {
    const { res, byName } = await assignments("/api/experiments/assignments", { cf: { country: "US", regionCode: "CA" } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const cookies = experimentCookies(res);
    for (const [name, a] of byName) {
      if (a.source === "split") {
        expect(cookies.get(a.cookie), name).toMatch(new RegExp(`^${a.cookie}=${a.variant}; Max-Age=31536000; Path=/; Secure; SameSite=Lax$`));
      } else {
        expect(cookies.has(a.cookie), name).toBe(false);
      }
    }
    expect(byName.get("CA_Prop65_Notice")).toMatchObject({ variant: 1, source: "location" });
    expect(byName.get("Dark_Mode_Toggle")).toMatchObject({ variant: 0, source: "disabled", targeted: false });
    expect(byName.get("Ring_Viewer_360")).toMatchObject({ variant: 0, source: "deactivated" });
  });

  it("gives the same visitor the same variants on the next request, from the cookies, and sets none again", async () => {
    const first = await assignments("/api/experiments/assignments");
    const cookie = cookieHeader(first.res);
    const second = await assignments("/api/experiments/assignments", { headers: { cookie } });
    for (const [name, a] of first.byName) expect(second.byName.get(name)!.variant, name).toBe(a.variant);
    expect(experimentCookies(second.res).size).toBe(0);
  });

  it("forces variants with ?exc=…&exv=… on the same response and keeps them in cookies; unknown names and bad values change nothing", async () => {
    const first = await assignments("/api/experiments/assignments");
    const before = first.byName;
    const flip = (name: string) => (1 - before.get(name)!.variant) as 0 | 1;
    const cookie = cookieHeader(first.res);
    const q = `exc=Sticky_Checkout_Button,Lock_Price,Not_An_Experiment,Similar_Rings_As_Grid&exv=${flip("Sticky_Checkout_Button")},${flip("Lock_Price")},1,maybe`;
    const forced = await assignments(`/api/experiments/assignments?${q}`, { headers: { cookie } });
    expect(forced.byName.get("Sticky_Checkout_Button")).toMatchObject({ variant: flip("Sticky_Checkout_Button"), source: "forced" });
    expect(forced.byName.get("Lock_Price")).toMatchObject({ variant: flip("Lock_Price"), source: "forced" });
    expect(forced.byName.get("Similar_Rings_As_Grid")!.variant).toBe(before.get("Similar_Rings_As_Grid")!.variant);
    const set = experimentCookies(forced.res);
    expect([...set.keys()].sort()).toEqual(["Lock_Price", "Sticky_Checkout_Button"]);
    // The next request (cookies updated, no query) keeps the forced variants.
    const after = await assignments("/api/experiments/assignments", {
      headers: {
        cookie: cookieHeader(
          forced.res,
          Object.fromEntries(
            cookie
              .split("; ")
              .map((c) => c.split("=") as [string, string])
              .filter(([k]) => !set.has(k)),
          ),
        ),
      },
    });
    expect(after.byName.get("Sticky_Checkout_Button")!.variant).toBe(flip("Sticky_Checkout_Button"));
    expect(after.byName.get("Lock_Price")!.variant).toBe(flip("Lock_Price"));
  });

  it("applies the new-users-only rule to a returning visitor without a cookie", async () => {
    const first = await call("/api/experiments/assignments");
    // The visitor cookie alone: returning (the new-user cookie is gone), no experiment cookies.
    const visitor = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("loupe_vid="))!
      .split(";")[0]!;
    const { byName } = await assignments("/api/experiments/assignments", { headers: { cookie: visitor } });
    expect(byName.get("Saved_Search_Alerts_Prompt")).toMatchObject({ variant: 0, source: "deactivated" });
    // A mobile-only experiment is off on desktop and bucketed on mobile.
    expect(byName.get("Mobile_Filter_Drawer")!.source).toBe("deactivated");
    const mobile = await assignments("/api/experiments/assignments", {
      headers: { cookie: visitor, "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148" },
    });
    expect(mobile.byName.get("Mobile_Filter_Drawer")!.source).toBe("split");
  });
});
