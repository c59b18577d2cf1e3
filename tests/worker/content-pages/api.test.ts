/**
 * The content pages' API (shared/api/content-pages.ts): a page's stored text, operators' edits with the admin
 * token (anyone else: not found, like every admin call), the edit's validation, the edit on the page; the
 * gemologists, their portraits' addresses and the portraits themselves (generated SVG, cached a day).
 */
import { describe, expect, it } from "vitest";
import { call, type ErrorBody } from "../helpers";

const ADMIN = { authorization: "Bearer test-admin-token" };

function put(slug: string, body: unknown, headers: Record<string, string> = ADMIN) {
  return call(`/api/content-pages/${slug}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const EDIT = {
  title: "Peace of mind, in plain words",
  description: "What protects you when you buy a diamond through Loupe, rewritten by an operator to test the content pages' edit call.",
  body: `## Edited by an operator\n\n${"Every listing names its grading laboratory and report number. ".repeat(8)}\n\n<script>alert(1)</script>`,
};

describe("content pages API", () => {
  it("answers a page's stored Markdown; an unknown slug is not found, a malformed one a bad request", async () => {
    const res = await call("/api/content-pages/privacy");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const page = (await res.json()) as { path: string; title: string; body: string; section: string; inFooter: boolean };
    expect(page).toMatchObject({ path: "/privacy", title: "Privacy policy", section: "policies", inFooter: true });
    expect(page.body).toContain("privacy@loupe.example");
    const missing = await call("/api/content-pages/no-such-page");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.message).toContain("no-such-page");
    expect((await call("/api/content-pages/Bad_Slug")).status).toBe(400);
  });

  it("refuses edits and the list without the admin token or with a wrong one (not found, like every admin call), storing nothing", async () => {
    expect((await put("peace-of-mind", EDIT, {})).status).toBe(404);
    expect((await put("peace-of-mind", EDIT, { authorization: "Bearer wrong" })).status).toBe(404);
    expect((await call("/api/content-pages")).status).toBe(404);
    // Nothing was stored.
    expect(((await (await call("/api/content-pages/peace-of-mind")).json()) as { title: string }).title).toBe("Peace of mind when you buy through Loupe");
  });

  it("refuses a bad edit with the fields named", async () => {
    const res = await put("peace-of-mind", { title: "x", description: "short", body: "too short", section: "help" });
    expect(res.status).toBe(400);
    const fields = ((await res.json()) as ErrorBody).error.details?.map((d) => d.path) ?? [];
    expect(fields.length).toBeGreaterThan(0);
    expect((await put("peace-of-mind", { ...EDIT, title: "" })).status).toBe(400);
    expect((await put("peace-of-mind", "{not json")).status).toBe(400);
    expect((await put("no-such-page", EDIT)).status).toBe(404);
  });

  it("stores an operator's edit: the API answers it, the page shows it (raw HTML escaped), the list includes it", async () => {
    const res = await put("peace-of-mind", EDIT);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const stored = (await res.json()) as { title: string; updatedAt: string };
    expect(stored.title).toBe(EDIT.title);
    expect(Date.parse(stored.updatedAt)).toBeGreaterThan(Date.UTC(2026, 10, 1));
    const html = await (await call("/peace-of-mind?edited=1")).text();
    expect(html).toContain(`<h1 id="page-title">${EDIT.title}</h1>`);
    expect(html).toContain('<h2 id="edited-by-an-operator">Edited by an operator</h2>');
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const list = (await (await call("/api/content-pages", { headers: ADMIN })).json()) as { pages: { slug: string; title: string }[] };
    expect(list.pages.find((p) => p.slug === "peace-of-mind")?.title).toBe(EDIT.title);
    expect(list.pages.length).toBeGreaterThanOrEqual(17);
  });
});

describe("team", () => {
  it("GET /api/team/gemologists answers the gemologists with credentials, specialties and languages", async () => {
    const res = await call("/api/team/gemologists");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const { gemologists } = (await res.json()) as { gemologists: { id: string; name: string; credentials: string[]; specialties: string[] }[] };
    expect(gemologists[0]).toMatchObject({ id: "priya-raman", name: "Priya Raman" });
    for (const g of gemologists) {
      expect(g.credentials.length).toBeGreaterThan(0);
      expect(g.specialties.length).toBeGreaterThan(0);
    }
  });

  it("GET /api/team/gemologists/images answers each portrait's address, which serves a generated SVG cached for a day", async () => {
    const res = await call("/api/team/gemologists/images");
    expect(res.status).toBe(200);
    const { images } = (await res.json()) as { images: { id: string; imageUrl: string; alt: string }[] };
    expect(images.length).toBeGreaterThanOrEqual(4);
    const first = images[0]!;
    expect(first.imageUrl).toBe(`/images/team/${first.id}.svg`);
    expect(first.alt).toBe("Portrait of Priya Raman");
    const svg = await call(first.imageUrl);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(svg.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(svg.headers.get("set-cookie")).toBeNull();
    const text = await svg.text();
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(await (await call(first.imageUrl)).text()).toBe(text);
    expect(await (await call(images[1]!.imageUrl)).text()).not.toBe(text);
  });
});
