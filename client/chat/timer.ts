/**
 * The chat's clock and timers, injectable (tests pass their own; browser tests use Playwright's page.clock, which
 * fakes these globals).
 */
export interface ChatTimer {
  now(): number;
  set(fn: () => void, ms: number): number;
  clear(handle: number): void;
}

/** The browser's own. */
export const browserTimer: ChatTimer = {
  now: () => Date.now(),
  set: (fn, ms) => window.setTimeout(fn, ms),
  clear: (handle) => window.clearTimeout(handle),
};
