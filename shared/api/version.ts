/**
 * §7 "Version, tracking and third parties" (issue 23 point 3; docs/decisions/042-version-check-and-service-worker.md):
 * the running server's version (`GET /api/version`), the latest release announced for an environment
 * (`GET /api/version?env=`, set by an operator with `PUT /api/version/{environment}`), and the app's
 * configuration (`GET /api/appconfig`: the pwa flag). Every answer is `Cache-Control: no-store`.
 */
import * as v from "valibot";
import { ENVIRONMENTS } from "../version/current";
import { empty, json, operation } from "./operation";

const environment = v.picklist(ENVIRONMENTS, `environment must be one of ${ENVIRONMENTS.join(", ")}`);
const Part = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999_999_999));

export const AppVersion = v.object({
  version: v.pipe(v.string(), v.description("major.minor.patch")),
  environment: v.pipe(v.string(), v.description("local, staging or production")),
});
export type AppVersion = v.InferOutput<typeof AppVersion>;

/** A release: §5 "numeric major, minor and patch". */
export const VersionParts = v.object({ major: Part, minor: Part, patch: Part });
export type VersionParts = v.InferOutput<typeof VersionParts>;

export const VersionQuery = v.object({
  env: v.optional(
    v.pipe(v.string(), v.maxLength(10), environment, v.description("Answer the latest release of this environment instead of the running version")),
  ),
});

export const AppConfig = v.object({
  pwa: v.pipe(v.boolean(), v.description("Register the service worker (/service-worker.js); false unregisters every one")),
});
export type AppConfig = v.InferOutput<typeof AppConfig>;

export const AppConfigChange = v.object({
  pwa: v.pipe(v.nullable(v.boolean()), v.description("null: back to the PWA variable (default false)")),
});

/** §7 `GET /api/version` and the operator's release announcements. */
export const versionOperations = {
  version: operation({
    method: "GET",
    path: "/version",
    operationId: "appVersion",
    summary:
      "Without env: the running server's version and environment. With env: the latest release announced for that environment as { major, minor, patch } (the app's own version until one is announced). Never cached",
    query: VersionQuery,
    responses: { 200: json("Running version, or the latest release with ?env=", v.union([AppVersion, VersionParts])) },
  }),
  announce: operation({
    method: "PUT",
    path: "/version/{environment}",
    operationId: "announceVersion",
    summary: "Announces the latest release of an environment (open tabs with an older bundle reload when the server runs it)",
    admin: true,
    params: v.object({ environment }),
    body: VersionParts,
    responses: { 200: json("The announced release", VersionParts) },
  }),
  withdraw: operation({
    method: "DELETE",
    path: "/version/{environment}",
    operationId: "withdrawVersion",
    summary: "Forgets an environment's announcement: its latest release is the app's own version again",
    admin: true,
    params: v.object({ environment }),
    responses: { 204: empty("Forgotten (or there was none)") },
  }),
  appConfig: operation({
    method: "GET",
    path: "/appconfig",
    operationId: "appConfig",
    summary: "The app's configuration for the browser: whether the service worker is used (never cached)",
    responses: { 200: json("Configuration", AppConfig) },
  }),
  changeAppConfig: operation({
    method: "PUT",
    path: "/appconfig",
    operationId: "changeAppConfig",
    summary: "Overrides the pwa flag (null: back to the PWA variable)",
    admin: true,
    body: AppConfigChange,
    responses: { 200: json("The configuration now", AppConfig) },
  }),
} as const;
