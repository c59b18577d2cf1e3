/**
 * A progress bar on stderr: on a terminal it redraws one line in place (at most every 100 ms); otherwise (CI, a
 * pipe, a log file) it prints a line each time another 10 % is done, so logs stay short.
 */

/** The stream the bar is drawn on (process.stderr or a test double). */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

const WIDTH = 24;
const REDRAW_MS = 100;

const int = (n: number): string => Math.round(n).toLocaleString("en-US");

/** One line of the bar: label, bar, percent, detail and rate. */
export function progressLine(label: string, fraction: number, detail: string, rowsPerSecond: number | null): string {
  const f = Math.min(1, Math.max(0, fraction));
  const filled = Math.round(f * WIDTH);
  const bar = `[${"#".repeat(filled)}${".".repeat(WIDTH - filled)}]`;
  const pct = `${String(Math.floor(f * 100)).padStart(3)}%`;
  const rate = rowsPerSecond === null ? "" : `  ${int(rowsPerSecond)} rows/s`;
  return `${label.padEnd(8)} ${bar} ${pct}  ${detail}${rate}`;
}

/** A phase's progress bar. */
export class Progress {
  private label = "";
  private startedAt = 0;
  private lastDraw = -Infinity;
  private lastDecile = -1;
  private lastLine = "";
  private active = false;

  constructor(
    private readonly out: ProgressStream,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Starts a phase (finishing any running one). */
  start(label: string): void {
    if (this.active) this.finish();
    this.label = label;
    this.startedAt = this.clock();
    this.lastDraw = -Infinity;
    this.lastDecile = -1;
    this.lastLine = "";
    this.active = true;
  }

  /** Reports progress: `fraction` done, a detail text, and rows handled so far (for the rate). */
  update(fraction: number, detail: string, rows: number): void {
    if (!this.active) return;
    const now = this.clock();
    const line = progressLine(this.label, fraction, detail, this.rate(rows, now));
    this.lastLine = line;
    if (this.out.isTTY) {
      if (now - this.lastDraw < REDRAW_MS && fraction < 1) return;
      this.lastDraw = now;
      this.out.write(`\r${line}\x1b[K`);
    } else {
      const decile = Math.floor(Math.min(1, Math.max(0, fraction)) * 10);
      if (decile <= this.lastDecile) return;
      this.lastDecile = decile;
      this.out.write(`${line}\n`);
    }
  }

  /** Ends the phase, leaving its last state on screen. */
  finish(): void {
    if (!this.active) return;
    this.active = false;
    if (this.out.isTTY) this.out.write(`\r${this.lastLine}\x1b[K\n`);
  }

  private rate(rows: number, now: number): number | null {
    const seconds = (now - this.startedAt) / 1000;
    return seconds > 0.05 ? rows / seconds : null;
  }
}
