/**
 * Setting and jewellery alerts (issue 19 point 3) at injected times, inside workerd with real D1: a new setting
 * matching a saved setting search with its alert on gives one email listing it (name, metal, price), whose
 * link answers it as a setting card; an immediate second run sends nothing; a new setting that does not match
 * sends nothing; a jewellery search likewise; a customer whose diamond alert and setting alert fire in the same
 * run gets one email with both sections.
 */
import { describe, expect, it } from "vitest";
import { labelOf, METALS } from "#shared/enums.ts";
import type { AlertStones } from "#shared/my-stuff/alerts.ts";
import { renderEmail } from "#worker/email/templates.ts";
import type { OutboxRow } from "../accounts/account-helpers";
import { call } from "../helpers";
import {
  addSetting,
  addStone,
  customer,
  dataOf,
  digests,
  filtersLike,
  HOUR,
  type NewSetting,
  runAt,
  SITE,
  searchIdOf,
  settingSearchIdOf,
} from "./alerts-helpers";

let clock = Date.now() + HOUR;
/** The next run's time: an hour after the last. */
const nextHour = () => (clock += HOUR);

const openLink = async (link: string) => {
  const url = new URL(link);
  const res = await call(
    `/api/my-stuff/DetailDiamonds?${new URLSearchParams({ token: url.searchParams.get("token")!, email: url.searchParams.get("email")! })}`,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as AlertStones;
};

/** The email's subject as the customer sees it. */
const subjectOf = (row: OutboxRow) => renderEmail({ template: "alert-digest", data: dataOf(row) }).subject;

/** How the email names and prices a new piece: its cheapest metal. */
const told = (s: NewSetting) => {
  const cheapest = [...s.variants].sort((a, b) => a.price_cents - b.price_cents || a.metal - b.metal)[0]!;
  return { label: `${s.name}, ${labelOf(METALS, cheapest.metal)}`, priceCents: cheapest.price_cents };
};

describe("setting and jewellery alerts", () => {
  it("emails one digest for a new setting matching a saved setting search, whose link shows it; an immediate second run sends nothing", async () => {
    const a = await customer("setting-alert");
    const entry = await a.entry({ searchId: await settingSearchIdOf("setting", { queryText: "Zephyrine" }), name: "Zephyrine rings" });
    expect(entry).toMatchObject({ kind: "setting", hasAlert: true });
    await runAt(nextHour()); // Nothing new yet: the alert watches what is listed after it was saved.
    expect(await digests(a.email)).toEqual([]);
    const piece = await addSetting("Setting", "Zephyrine Solitaire");
    const report = await runAt(nextHour());
    expect(report.upToSettingId).toBe(piece.id);
    const mails = await digests(a.email);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0]!)).toContain("1 new setting");
    const data = dataOf(mails[0]!);
    expect(data.searches).toEqual([{ title: "Zephyrine rings", kind: "setting", link: `${SITE}${entry.link}`, stones: [told(piece)], more: 0 }]);
    expect(entry.link).toMatch(/^\/setting-search\//);
    const opened = await openLink(data.seeAllLink);
    expect(opened.sections).toHaveLength(1);
    expect(opened.sections[0]).toMatchObject({ title: "Zephyrine rings", link: entry.link, stones: [] });
    expect(opened.sections[0]!.settings.map((s) => [s.id, s.name, s.url])).toEqual([
      [piece.id, piece.name, expect.stringMatching(new RegExp(`^/setting/${piece.id}/`))],
    ]);
    expect(opened.sections[0]!.settings[0]!.metals[0]!.price).toBe(told(piece).priceCents);
    // My stuff counts it as news until the customer looks.
    expect((await a.deal()).searches.find((s) => s.id === entry.id)!.newMatches).toBe(1);
    await runAt(nextHour());
    expect(await digests(a.email)).toHaveLength(1);
  });

  it("sends nothing for a new setting that does not match the saved search", async () => {
    const a = await customer("setting-nomatch");
    const entry = await a.entry({ searchId: await settingSearchIdOf("setting", { queryText: "Nimbostratus" }) });
    await runAt(nextHour());
    await addSetting("Setting", "Quasarine Halo");
    const report = await runAt(nextHour());
    expect(report.newRows).toBeGreaterThanOrEqual(1);
    expect(await digests(a.email)).toEqual([]);
    expect((await a.deal()).searches.find((s) => s.id === entry.id)!.newMatches).toBe(0);
  });

  it("emails a new jewellery piece matching a saved jewellery search", async () => {
    const a = await customer("jewellery-alert");
    const entry = await a.entry({ searchId: await settingSearchIdOf("jewellery", { queryText: "Borealite" }) });
    expect(entry).toMatchObject({ kind: "jewellery", hasAlert: true });
    await runAt(nextHour());
    const piece = await addSetting("Necklace", "Borealite Necklace");
    await runAt(nextHour());
    const mails = await digests(a.email);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0]!)).toContain("1 new piece of jewellery");
    const data = dataOf(mails[0]!);
    expect(data.searches).toEqual([{ title: entry.name, kind: "jewellery", link: `${SITE}${entry.link}`, stones: [told(piece)], more: 0 }]);
    const opened = await openLink(data.seeAllLink);
    expect(opened.sections[0]!.settings.map((s) => s.id)).toEqual([piece.id]);
    expect(opened.sections[0]!.settings[0]!.url).toMatch(new RegExp(`^/fine-jewelry/${piece.id}/`));
  });

  it("sends ONE email with both sections when a customer's diamond alert and setting alert fire in the same run", async () => {
    const a = await customer("both-alerts");
    const like = { shape: 4, carat: 3.21, color: 4, clarity: 5 };
    const diamondEntry = await a.entry({ searchId: await searchIdOf(filtersLike(like)), name: "Emeralds" });
    const settingEntry = await a.entry({ searchId: await settingSearchIdOf("setting", { queryText: "Cirrusine" }), name: "Cirrusine rings" });
    await runAt(nextHour());
    const stone = await addStone({ ...like, price_cents: 2_345_600 });
    const piece = await addSetting("Setting", "Cirrusine Pavé");
    await runAt(nextHour());
    const mails = await digests(a.email);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0]!)).toContain("1 new diamond and 1 new setting");
    const data = dataOf(mails[0]!);
    expect(data.searches.map((s) => [s.title, s.kind, s.link, s.stones])).toEqual([
      ["Emeralds", "diamond", `${SITE}${diamondEntry.link}`, [{ label: "3.21 ct Emerald G VS1", priceCents: 2_345_600 }]],
      ["Cirrusine rings", "setting", `${SITE}${settingEntry.link}`, [told(piece)]],
    ]);
    const opened = await openLink(data.seeAllLink);
    expect(opened.sections.map((s) => [s.title, s.stones.map((x) => x.diamond.id), s.settings.map((x) => x.id)])).toEqual([
      ["Emeralds", [stone.id], []],
      ["Cirrusine rings", [], [piece.id]],
    ]);
    await runAt(nextHour());
    expect(await digests(a.email)).toHaveLength(1);
  });
});
