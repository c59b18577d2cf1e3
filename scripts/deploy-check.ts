/**
 * What `npm run deploy` checks in wrangler.toml before uploading (docs/decisions/050-fail-closed.md): the named
 * environment's vars make a deployed worker (APP_ENV staging or production, an https SITE_ORIGIN, nothing only a
 * local run may set). A deliberately small reader of the one table shape wrangler.toml uses for vars.
 */
import { LOCAL_ONLY } from "../worker/platform/config.ts";

/** The `KEY = "value"` pairs of `[vars]` (env null) or `[env.<env>.vars]`. */
export function envVars(toml: string, env: string | null): Record<string, string> {
  const header = env ? `[env.${env}.vars]` : "[vars]";
  const out: Record<string, string> = {};
  let inside = false;
  for (const raw of toml.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) {
      inside = line === header;
      continue;
    }
    if (!inside || !line || line.startsWith("#")) continue;
    const m = /^([A-Z0-9_]+)\s*=\s*"(.*)"\s*$/.exec(line) ?? /^([A-Z0-9_]+)\s*=\s*'(.*)'\s*$/.exec(line);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

/** What is wrong with deploying `env` with these vars (empty: deployable). */
export function deployProblems(env: string, vars: Record<string, string>): string[] {
  const problems: string[] = [];
  if (vars.APP_ENV !== env) problems.push(`APP_ENV must be "${env}" (is ${JSON.stringify(vars.APP_ENV ?? null)})`);
  if (!/^https:\/\/[^/]+$/.test(vars.SITE_ORIGIN ?? "")) problems.push("SITE_ORIGIN must be the site's https origin");
  for (const name of ["ACCESS_TEAM_DOMAIN", "ACCESS_AUD"]) if (!vars[name]) problems.push(`${name} must be set (Cloudflare Access in front of the operators)`);
  for (const name of LOCAL_ONLY) if (vars[name]) problems.push(`${name} is for local runs and tests only`);
  for (const [name, value] of Object.entries(vars))
    if (name.endsWith("_URL") && value && !value.startsWith("https://")) problems.push(`${name} must be an https URL`);
  return problems;
}

export const DEPLOYABLE = ["staging", "production"] as const;

/** The environment named by `--env X` / `--env=X` and the other arguments, or why the command line is refused. */
export function deployTarget(argv: string[]): { target: string; rest: string[] } | { refused: string } {
  const at = argv.findIndex((a) => a === "--env" || a.startsWith("--env="));
  if (at < 0) return { refused: "an environment is required" };
  const inline = argv[at]!.includes("=");
  const target = inline ? argv[at]!.slice("--env=".length) : argv[at + 1];
  if (!target || !(DEPLOYABLE as readonly string[]).includes(target))
    return { refused: `--env must be one of ${DEPLOYABLE.join(", ")} (got ${target ?? "nothing"})` };
  return { target, rest: argv.filter((_, i) => i !== at && (inline || i !== at + 1)) };
}
