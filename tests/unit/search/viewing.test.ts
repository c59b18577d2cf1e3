import { describe, expect, it } from "vitest";
import { addSeen, compareIds, pushRecentlyViewed, recentlyViewedToShow, showsConcierge, toggleCompare, toggleHidden } from "#shared/viewing.ts";

const d = (id: number) => ({ id, title: `d${id}` });

describe("recently viewed (6 stored, 5 shown, newest first, deduplicated)", () => {
  it("keeps the newest six, newest first, without duplicates", () => {
    let list: { id: number; title: string }[] = [];
    for (const id of [1, 2, 3, 4, 5, 6, 7]) list = pushRecentlyViewed(list, d(id));
    expect(list.map((x) => x.id)).toEqual([7, 6, 5, 4, 3, 2]);
    list = pushRecentlyViewed(list, d(4));
    expect(list.map((x) => x.id)).toEqual([4, 7, 6, 5, 3, 2]);
  });

  it("shows five, leaving out the diamond being viewed", () => {
    const list = [7, 6, 5, 4, 3, 2].map(d);
    expect(recentlyViewedToShow(list).map((x) => x.id)).toEqual([7, 6, 5, 4, 3]);
    expect(recentlyViewedToShow(list, 6).map((x) => x.id)).toEqual([7, 5, 4, 3, 2]);
  });
});

describe("seen and hidden diamonds", () => {
  it("stores a seen id once", () => {
    expect(addSeen(addSeen([], 3), 3)).toEqual([3]);
    expect(addSeen([3], 4)).toEqual([3, 4]);
  });
  it("toggles hidden diamonds in and out", () => {
    expect(toggleHidden([], 9)).toEqual([9]);
    expect(toggleHidden([9, 8], 9)).toEqual([8]);
  });
});

describe("concierge notice (§9)", () => {
  it("starts at 15,000 USD natural and 6,500 USD lab-grown", () => {
    expect(showsConcierge(1_500_000, false)).toBe(true);
    expect(showsConcierge(1_499_999, false)).toBe(false);
    expect(showsConcierge(650_000, true)).toBe(true);
    expect(showsConcierge(649_999, true)).toBe(false);
  });
});

describe("compare tray (up to 4)", () => {
  it("adds in the order chosen, takes a chosen diamond out again, and refuses a fifth without dropping any", () => {
    let tray: { id: number; title: string }[] = [];
    for (const id of [1, 2, 3, 4]) tray = toggleCompare(tray, d(id)).tray;
    expect(tray.map((x) => x.id)).toEqual([1, 2, 3, 4]);
    const fifth = toggleCompare(tray, d(5));
    expect(fifth.full).toBe(true);
    expect(fifth.tray.map((x) => x.id)).toEqual([1, 2, 3, 4]);
    tray = toggleCompare(tray, d(2)).tray;
    expect(tray.map((x) => x.id)).toEqual([1, 3, 4]);
    expect(toggleCompare(tray, d(5))).toEqual({ tray: [d(1), d(3), d(4), d(5)], full: false });
  });

  it("reads the first four distinct ids of a compare link and ignores the rest", () => {
    expect(compareIds("5,3,5,x,-1,0,7,9,11")).toEqual([5, 3, 7, 9]);
    expect(compareIds(null)).toEqual([]);
    expect(compareIds(" 12 , 13")).toEqual([12, 13]);
  });
});
