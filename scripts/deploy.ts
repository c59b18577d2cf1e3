/**
 * `npm run deploy -- --env staging|production`: builds the browser bundle, applies the D1 migrations to that
 * environment's database and deploys the worker to it (docs/decisions/050-fail-closed.md). An environment is
 * required: the top level of wrangler.toml is production-safe but is nobody's deploy target, and `local` is never
 * deployed. Extra arguments after the environment go to `wrangler deploy` (say `--dry-run --outdir build/dry-run`).
 *
 * Before anything is uploaded it reads the environment's vars from wrangler.toml and stops when one a deployed
 * worker needs is wrong (APP_ENV, an https SITE_ORIGIN, no local-only variable); the secrets are checked by the
 * worker itself at start (it answers 503 until they are all set), listed here as a reminder.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { SIGNING_SECRETS } from "../worker/platform/config.ts";
import { DEPLOYABLE, deployProblems, deployTarget, envVars } from "./deploy-check.ts";

function usage(message: string): never {
  console.error(`${message}\nusage: npm run deploy -- --env ${DEPLOYABLE.join("|")} [wrangler deploy options]`);
  process.exit(2);
}

const parsed = deployTarget(process.argv.slice(2));
if ("refused" in parsed) usage(parsed.refused);
const { target, rest } = parsed;

const problems = deployProblems(target, envVars(readFileSync("wrangler.toml", "utf8"), target));
if (problems.length) {
  console.error(`wrangler.toml [env.${target}] is not deployable:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`Deploying to ${target}. The worker refuses to run (503) until these secrets are set with \`wrangler secret put NAME --env ${target}\`:`);
console.log(`  ${[...SIGNING_SECRETS, "RESEND_API_KEY"].join(", ")}`);

function run(cmd: string, argv: string[]): void {
  console.log(`$ ${cmd} ${argv.join(" ")}`);
  const r = spawnSync(cmd, argv, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const dryRun = rest.includes("--dry-run");
run("npx", ["vite", "build"]);
if (!dryRun) run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--remote", "--env", target]);
run("npx", ["wrangler", "deploy", "--env", target, ...rest]);
