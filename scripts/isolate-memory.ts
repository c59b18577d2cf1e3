/**
 * The worker isolate's memory, read over wrangler dev's inspector (Chrome DevTools protocol,
 * `Runtime.getHeapUsage`): the JavaScript heap (used and committed) and the ArrayBuffer backing stores
 * (the search index's typed columns live there). Used by `npm run bench`; it measures, it asserts nothing.
 */
import WebSocket from "ws";

export interface IsolateMemory {
  /** Live JavaScript objects. */
  heapUsed: number;
  /** Heap the isolate has committed (used + free space V8 keeps). */
  heapTotal: number;
  /** ArrayBuffer backing stores (typed arrays). */
  buffers: number;
}

export class IsolateInspector {
  private constructor(
    private readonly ws: WebSocket,
    private nextId = 0,
  ) {}

  /** Connects to the first target of the inspector at `inspectorUrl` (http://host:port). */
  static async connect(inspectorUrl: string): Promise<IsolateInspector> {
    const targets = (await (await fetch(`${inspectorUrl}/json`)).json()) as { webSocketDebuggerUrl: string }[];
    if (!targets[0]) throw new Error("the inspector lists no target");
    const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new IsolateInspector(ws);
  }

  /** Sends one protocol command and resolves with its reply (events in between are ignored). */
  private call<T>(method: string, params: object = {}, timeoutMs = 60_000): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      // The isolate answers between its tasks: a long synchronous stretch (building the index) delays it.
      const timer = setTimeout(() => {
        this.ws.off("message", onMessage);
        reject(new Error(`${method}: no answer in ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const onMessage = (data: WebSocket.RawData) => {
        const msg = JSON.parse(String(data)) as { id?: number; result?: T; error?: unknown };
        if (msg.id !== id) return;
        clearTimeout(timer);
        this.ws.off("message", onMessage);
        if (msg.error === undefined) resolve(msg.result as T);
        else reject(new Error(`${method}: ${JSON.stringify(msg.error)}`));
      };
      this.ws.on("message", onMessage);
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  async memory(): Promise<IsolateMemory> {
    const reply = await this.call<{ usedSize: number; totalSize: number; backingStorageSize?: number }>("Runtime.getHeapUsage");
    return { heapUsed: reply.usedSize, heapTotal: reply.totalSize, buffers: reply.backingStorageSize ?? 0 };
  }

  /**
   * The memory the isolate retains: what is left after a full garbage collection. V8 collects before it
   * takes a heap snapshot (wrangler dev's inspector does not answer `HeapProfiler.collectGarbage`), so
   * this takes one and throws its chunks away.
   */
  async retained(): Promise<IsolateMemory> {
    await this.call("HeapProfiler.enable");
    await this.call("HeapProfiler.takeHeapSnapshot", { reportProgress: false, captureNumericValue: false }, 120_000);
    await this.call("HeapProfiler.disable");
    return this.memory();
  }

  /**
   * Samples memory back to back (the next request `everyMs` after each answer) until `done` settles; returns
   * the samples' peaks, how many were taken and the longest wait between two. The isolate answers between
   * its tasks (the index loader yields to the event loop after every D1 page and between its two build
   * steps), so a peak inside one synchronous stretch is seen in the sample just after it — live memory
   * only grows inside a stretch until a collection, which would lower it.
   */
  async peakWhile<T>(done: Promise<T>, everyMs = 10): Promise<{ value: T; peakLive: number; peakCommitted: number; samples: number; longestGapMs: number }> {
    let settled = false;
    let peakLive = 0;
    let peakCommitted = 0;
    let samples = 0;
    let longestGapMs = 0;
    const sampler = (async () => {
      let last = performance.now();
      while (!settled) {
        const m = await this.memory();
        const now = performance.now();
        longestGapMs = Math.max(longestGapMs, now - last);
        last = now;
        peakLive = Math.max(peakLive, m.heapUsed + m.buffers);
        peakCommitted = Math.max(peakCommitted, m.heapTotal + m.buffers);
        samples++;
        await new Promise((r) => setTimeout(r, everyMs));
      }
    })();
    let value: T;
    try {
      value = await done;
    } finally {
      settled = true;
      await sampler; // its last sample (taken once the isolate is free again) counts too
    }
    return { value, peakLive, peakCommitted, samples, longestGapMs };
  }

  close(): void {
    this.ws.close();
  }
}

export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export function describeMemory(m: IsolateMemory): string {
  return `live ${mb(m.heapUsed + m.buffers)} (heap ${mb(m.heapUsed)} + array buffers ${mb(m.buffers)}); committed ${mb(m.heapTotal + m.buffers)}`;
}
