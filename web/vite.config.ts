import { defineConfig } from "vitest/config";

// The client calls the API on its own origin (the local runtime serves both); `npm run dev` proxies the API
// routes and the live updates' WebSocket (/live) to ./scaleout up's port (SCALEOUT_API, default http://127.0.0.1:3000).
const api = process.env.SCALEOUT_API ?? "http://127.0.0.1:3000";
const apiPaths = ["/users", "/sessions", "/me", "/tweets", "/timeline", "/hashtags", "/search", "/health"];

export default defineConfig({
  base: "/",
  build: { outDir: "dist", emptyOutDir: true },
  server: {
    proxy: { ...Object.fromEntries(apiPaths.map((p) => [p, api])), "/live": { target: api, ws: true } },
  },
  test: { include: ["test/**/*.test.ts"], environment: "node" },
});
