import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningWorker {
  url: string;
  /** wrangler dev's inspector (Chrome DevTools protocol) on loopback: `http://127.0.0.1:{port}`. */
  inspectorUrl: string;
  /** Everything wrangler dev has printed so far. */
  log(): string;
  stop(): Promise<void>;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}`))));
  });
}

/**
 * Starts the built worker with `wrangler dev` on a free loopback port, against its own local D1 state
 * (`persistTo`) migrated and seeded with `diamonds` diamonds, with `args` added to its command line (say
 * `--test-scheduled`: `/__scheduled?cron=…` runs a Cron Trigger). Resolves when the home page answers.
 */
/** The marketer view's token in the browser tests' worker. */
export const E2E_ADMIN_TOKEN = "e2e-admin-token";

export async function startWorker({ persistTo, diamonds, args = [] }: { persistTo: string; diamonds: number; args?: string[] }): Promise<RunningWorker> {
  const env = { ...process.env, SEED_DIAMONDS: String(diamonds), SEED_PERSIST_TO: persistTo, NO_COLOR: "1", CI: "1" };
  const wrangler = "node_modules/.bin/wrangler";
  await run(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.toml", "--persist-to", persistTo], env);
  await run("node_modules/.bin/tsx", ["scripts/seed.ts"], env);
  const port = await freePort();
  const inspector = await freePort();
  const child: ChildProcess = spawn(
    wrangler,
    [
      "dev",
      "--env",
      "local",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--inspector-port",
      String(inspector),
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      "--var",
      `ADMIN_TOKEN:${E2E_ADMIN_TOKEN}`,
      // Links in emails sent without a request (the alert run) point at this server.
      "--var",
      `SITE_ORIGIN:http://127.0.0.1:${port}`,
      ...args,
    ],
    { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let log = "";
  child.stdout?.on("data", (b: Buffer) => (log += b.toString()));
  child.stderr?.on("data", (b: Buffer) => (log += b.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log}`);
    try {
      const res = await fetch(url + "/", { redirect: "manual" });
      if (res.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, "SIGTERM");
      throw new Error(`wrangler dev did not answer within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    inspectorUrl: `http://127.0.0.1:${inspector}`,
    log: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        process.kill(-child.pid!, "SIGTERM");
        setTimeout(() => {
          if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
        }, 5000).unref();
      }),
  };
}
