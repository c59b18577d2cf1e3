-- Issue 23 point 3 (docs/decisions/042-version-check-and-service-worker.md): the latest release an operator
-- announced per environment (PUT /api/version/{environment}; none: the app's own version), and operator
-- overrides of the browser configuration (PUT /api/appconfig; none: the PWA variable).
CREATE TABLE released_versions (
  environment TEXT PRIMARY KEY CHECK (environment IN ('local', 'staging', 'production')),
  major INTEGER NOT NULL CHECK (major >= 0),
  minor INTEGER NOT NULL CHECK (minor >= 0),
  patch INTEGER NOT NULL CHECK (patch >= 0),
  announced_at INTEGER NOT NULL
);

CREATE TABLE app_config_overrides (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
