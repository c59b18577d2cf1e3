/** Percentiles for the benches (nearest rank). */
export type Quantiles = { p50: number; p95: number; p99: number };

export function quantiles(xs: readonly number[]): Quantiles {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { p50: q(0.5), p95: q(0.95), p99: q(0.99) };
}
