import type { TestProject } from "vitest/node";
import { chromePath } from "./chrome";
import { startWorker, type RunningWorker } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    chromePath: string;
  }
}

let worker: RunningWorker | undefined;

/** Starts the built shop once for the browser tests (a separate local D1 under .wrangler/e2e). */
export async function setup(project: TestProject) {
  // --test-scheduled: `/__scheduled?cron=…` runs a Cron Trigger (the alerts browser test runs the hourly alert run).
  worker = await startWorker({ persistTo: ".wrangler/e2e", diamonds: 5000, args: ["--test-scheduled"] });
  project.provide("baseUrl", worker.url);
  project.provide("chromePath", await chromePath());
}

export async function teardown() {
  await worker?.stop();
}
