/**
 * The server renderer's interface, as the worker sees it. package.json `imports` maps
 * `#client/entry.server` to this file for type checking and to entry.server.tsx for bundling, so the
 * worker project (Workers types, no DOM) type-checks against this boundary instead of the React tree.
 */
import type { RouterContextProvider } from "react-router";

/** One chunk of the Vite manifest (build/client/manifest.json). */
export interface ViteManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type ViteManifest = Record<string, ViteManifestChunk>;

export interface RenderOptions {
  /** Router context with the visitor and catalogue services set. */
  context: RouterContextProvider;
  /** CSP nonce for the inline hydration data script. */
  nonce: string;
  /** The browser bundle's manifest; an empty one renders the page without scripts. */
  manifest: ViteManifest;
}

/** Renders the page for `request`: HTML with its status, or the redirect a loader threw. */
export declare function renderPage(request: Request, options: RenderOptions): Promise<Response>;

/** The experiments a page at this path renders differently on the server (client/routes.tsx). */
export declare function renderedExperiments(pathname: string): string[];

/** True when no page route other than the final catch-all matches `pathname`. */
export declare function isUnknownPage(pathname: string): boolean;

/** A route of the tree and what a page at it links (renderPage's head). */
export interface RouteAssets {
  /** The full path pattern, e.g. "/diamond/:id/:slug?/:pairId?" ("/" for the root and the home page). */
  path: string;
  routeId: string;
  /** The route's lazy module (the Vite manifest's key), if it has one. */
  module: string | undefined;
  /** The entry's file (loaded with a module script). */
  entry: string | undefined;
  /** Every script linked with modulepreload: the entry, the matched routes' chunks and their static imports. */
  scripts: string[];
  css: string[];
}

/** Every route of the tree (client/routes.tsx) with the assets a page there links. */
export declare function routeAssets(manifest: ViteManifest): RouteAssets[];
