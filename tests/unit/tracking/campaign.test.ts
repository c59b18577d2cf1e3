/** Campaign parameters ride along when a page moves to its canonical address (shared/tracking/campaign.ts). */
import { describe, expect, it } from "vitest";
import { isCampaignKey, splitCampaign, withCampaign } from "#shared/tracking/campaign.ts";

describe("campaign parameters", () => {
  it.each([
    ["utm_source", true],
    ["UTM_Campaign", true],
    ["gclid", true],
    ["fbclid", true],
    ["msclkid", true],
    ["shape", false],
    ["utm", false],
    ["utm_", false],
  ])("%s is a campaign key: %s", (key, expected) => {
    expect(isCampaignKey(key)).toBe(expected);
  });

  it.each([
    ["?shape=oval&utm_source=mail", "shape=oval", "utm_source=mail"],
    ["shape=oval&color=e,f", "shape=oval&color=e,f", ""],
    ["?utm_campaign=fall%20sale&fbclid=x&price=1-2", "price=1-2", "utm_campaign=fall%20sale&fbclid=x"],
    ["", "", ""],
    ["?&&shape=round&", "shape=round", ""],
  ])("%s → own %s, campaign %s", (search, own, campaign) => {
    expect(splitCampaign(search)).toEqual({ own, campaign });
  });

  it("appends the campaign to a canonical address with or without a query", () => {
    expect(withCampaign("/diamond-search", "utm_source=a")).toBe("/diamond-search?utm_source=a");
    expect(withCampaign("/diamond-search/s?shape=oval", "utm_source=a")).toBe("/diamond-search/s?shape=oval&utm_source=a");
    expect(withCampaign("/diamond-search", "")).toBe("/diamond-search");
  });
});
