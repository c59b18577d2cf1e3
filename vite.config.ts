import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The Hono worker (wrangler.toml `main`) is the SSR environment; React Router builds the client
// bundle and the server build that the worker imports as `virtual:react-router/server-build`.
export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  build: { assetsInlineLimit: 0 },
});
