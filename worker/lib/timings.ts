/** Named durations (ms) of one answer's steps, for its Server-Timing header. */
export type Timings = Record<string, number>;

/** The Server-Timing header value of these steps (`name;dur=ms, …`). */
export function serverTiming(timings: Timings): string {
  return Object.entries(timings)
    .map(([k, ms]) => `${k};dur=${ms.toFixed(2)}`)
    .join(", ");
}
