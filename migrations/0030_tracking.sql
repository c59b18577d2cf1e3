-- Issue 23 point 2, the producer side (docs/decisions/041-tracking-surface.md).
-- tracking_sent: conversion events that must reach the queue once (a purchase per order: event id
-- `purchase-{order number}`), claimed by INSERT … ON CONFLICT DO NOTHING before they are queued.
CREATE TABLE tracking_sent (
  event_id TEXT PRIMARY KEY,
  at INTEGER NOT NULL
) WITHOUT ROWID;

-- ad_clicks: §7 savefbc/getfbc, the ad-click cookie (fb.1.{13 digits}.{id}) kept per SHA-256 of the
-- normalised email, so the shopper's purchase on another device is attributed to the click.
CREATE TABLE ad_clicks (
  email_hash TEXT PRIMARY KEY,
  fbc TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
