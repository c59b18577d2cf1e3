/** §4 "Reviews are interleaved alternating provider 1 and provider 2, starting with 1": the pure merge and the paging windows. */
import { describe, expect, it } from "vitest";
import { interleave, interleavedWindow } from "#shared/reviews.ts";

/** The whole sequence built the plain way: 1, 2, 1, 2… then the rest of the longer list. */
function naive(a: number, b: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(a, b); i++) {
    if (i < a) out.push(`g${i}`);
    if (i < b) out.push(`t${i}`);
  }
  return out;
}

/** One window of the sequence read as the store reads it: two ranges, merged. */
function windowOf(a: number, b: number, start: number, size: number): string[] {
  const w = interleavedWindow(a, b, start, size);
  const first = Array.from({ length: w.first.limit }, (_, i) => `g${w.first.offset + i}`);
  const second = Array.from({ length: w.second.limit }, (_, i) => `t${w.second.offset + i}`);
  return interleave(first, second, w.firstStarts);
}

describe("interleave", () => {
  it("alternates starting with provider 1, and the longer list's rest follows when the other runs out", () => {
    expect(interleave(["g1", "g2", "g3", "g4"], ["t1", "t2"])).toEqual(["g1", "t1", "g2", "t2", "g3", "g4"]);
    expect(interleave(["g1"], ["t1", "t2", "t3"])).toEqual(["g1", "t1", "t2", "t3"]);
    expect(interleave([], ["t1", "t2"])).toEqual(["t1", "t2"]);
    expect(interleave(["g1", "g2"], ["t1"], false)).toEqual(["t1", "g1", "g2"]);
  });
});

describe("interleavedWindow", () => {
  it("page 2 of 9 continues the alternation where page 1 ended (page 1 ends on provider 1, page 2 starts with 2)", () => {
    expect(windowOf(22, 22, 0, 9)).toEqual(["g0", "t0", "g1", "t1", "g2", "t2", "g3", "t3", "g4"]);
    expect(windowOf(22, 22, 9, 9)).toEqual(["t4", "g5", "t5", "g6", "t6", "g7", "t7", "g8", "t8"]);
  });

  it("every page of every size, for every split of the two providers, is the same slice of the whole sequence", () => {
    for (let a = 0; a <= 12; a++) {
      for (let b = 0; b <= 12; b++) {
        const whole = naive(a, b);
        for (const size of [1, 2, 3, 6, 9]) {
          const pages: string[] = [];
          for (let start = 0; start <= a + b + size; start += size) {
            const page = windowOf(a, b, start, size);
            expect(page).toEqual(whole.slice(start, start + size));
            pages.push(...page);
          }
          expect(pages).toEqual(whole);
        }
      }
    }
  });

  it("a window past the end is empty", () => {
    expect(interleavedWindow(3, 2, 9, 9)).toMatchObject({ first: { limit: 0 }, second: { limit: 0 } });
  });
});
