import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { deployProblems, deployTarget, envVars } from "../../../scripts/deploy-check.ts";
import { appMode, configProblems, SIGNING_SECRETS, siteOrigin } from "#worker/platform/config.ts";
import { signingSecret } from "#worker/platform/secrets.ts";

const toml = readFileSync("wrangler.toml", "utf8");

const complete = (overrides: Record<string, string | undefined> = {}) => ({
  ...Object.fromEntries(SIGNING_SECRETS.map((n) => [n, `${n}-abcdefghijklmnopqrstuvwxyz012345`])),
  APP_ENV: "production",
  SITE_ORIGIN: "https://loupe.example",
  ACCESS_TEAM_DOMAIN: "loupe.cloudflareaccess.com",
  ACCESS_AUD: "aud",
  RESEND_API_KEY: "re_x",
  ...overrides,
});

describe("wrangler.toml fails closed", () => {
  it("is production at the top level, with no site origin: a bare deploy refuses to run", () => {
    const top = envVars(toml, null);
    expect(top.APP_ENV).toBe("production");
    expect(top.SITE_ORIGIN).toBe("");
    expect(configProblems(top)).toContain("SITE_ORIGIN must be this site's https origin (https://host)");
  });

  it("asks for local mode by name only, in npm start, npm run dev and the tests", () => {
    expect(envVars(toml, "local").APP_ENV).toBe("local");
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toMatch(/wrangler dev --env local /);
    expect(scripts.dev).toMatch(/wrangler dev --env local /);
    expect(readFileSync("vitest.config.ts", "utf8")).toMatch(/environment: "local"/);
  });

  it.each(["staging", "production"])("has a %s environment that waits only for its Access audience tag", (env) => {
    const vars = envVars(toml, env);
    expect(deployProblems(env, vars)).toEqual(["ACCESS_AUD must be set (Cloudflare Access in front of the operators)"]);
    expect(deployProblems(env, { ...vars, ACCESS_AUD: "4714c1358e65fe4b" })).toEqual([]);
    expect(deployProblems(env, { ...vars, SITE_ORIGIN: "http://loupe.example" })).toContain("SITE_ORIGIN must be the site's https origin");
  });

  it("refuses to deploy without a named environment, or to local", () => {
    for (const args of [[], ["--env", "local"], ["--env"], ["--env=dev"], ["--dry-run"]]) expect(deployTarget(args), args.join(" ")).toHaveProperty("refused");
    expect(deployTarget(["--env", "staging", "--dry-run"])).toEqual({ target: "staging", rest: ["--dry-run"] });
    expect(deployTarget(["--env=production"])).toEqual({ target: "production", rest: [] });
  });
});

describe("the configuration check", () => {
  it("passes a complete deployed configuration and every local one", () => {
    expect(configProblems(complete())).toEqual([]);
    expect(configProblems({ APP_ENV: "local" })).toEqual([]);
  });

  it("names what is missing or wrong, never the values", () => {
    const problems = configProblems(
      complete({ ORDER_KEY_SECRET: undefined, FACEBOOK_APP_ID: "123", RESEND_API_URL: "http://127.0.0.1:1", ADMIN_TOKEN: "t0p-s3cret" }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        "ORDER_KEY_SECRET is not set",
        "FACEBOOK_APP_SECRET missing (FACEBOOK_APP_ID set)",
        "RESEND_API_URL must be an https URL",
        "ADMIN_TOKEN is for local runs and tests only",
      ]),
    );
    expect(problems.join(" ")).not.toContain("t0p-s3cret");
  });

  it("refuses two purposes sharing one secret", () => {
    const same = "one-secret-for-everything-0123456789";
    expect(configProblems(complete({ ORDER_KEY_SECRET: same, ALERT_LINK_SECRET: same }))).toContain("the signing secrets must differ from each other");
  });

  it("treats an unknown mode as production", () => {
    expect(appMode({})).toBe("production");
    expect(appMode({ APP_ENV: "dev" })).toBe("production");
    expect(configProblems({ APP_ENV: "dev" }).length).toBeGreaterThan(5);
  });

  it("never hands out a development key or a default origin outside a local run", () => {
    expect(signingSecret({ APP_ENV: "local" }, "ORDER_KEY_SECRET")).toMatch(/development/);
    expect(() => signingSecret({ APP_ENV: "production" }, "ORDER_KEY_SECRET")).toThrow(/ORDER_KEY_SECRET/);
    expect(() => signingSecret({}, "VISITOR_COOKIE_SECRET")).toThrow();
    expect(siteOrigin({ APP_ENV: "local" })).toBe("http://localhost:8787");
    expect(() => siteOrigin({ APP_ENV: "production" })).toThrow();
    expect(siteOrigin({ APP_ENV: "production", SITE_ORIGIN: "https://loupe.example/" })).toBe("https://loupe.example");
  });
});
