import type { Fetch } from "./api";

/** Where the client's servers are: the HTTP API's base URL and the live updates' WebSocket URL ("" when derived). */
export interface Endpoints {
  api: string;
  live: string;
}

/**
 * Where the API is. Same origin by default (the local runtime serves the client beside the API). A build can name
 * another origin (`VITE_API_URL`, `VITE_LIVE_URL`); a deployed site names them in a `config.json` beside its files
 * (`apiUrl`, `liveUrl`), written by the CDK app with the stage's URLs, so one build serves every stage. A live URL
 * named nowhere is derived from the API's (see live.ts).
 */
export async function endpoints(fetchFn: Fetch, buildTime: Partial<Endpoints> = {}): Promise<Endpoints> {
  if (buildTime.api) return { api: withoutTrailingSlash(buildTime.api), live: buildTime.live ?? "" };
  const config = await siteConfig(fetchFn);
  return {
    api: withoutTrailingSlash(stringField(config, "apiUrl")),
    live: buildTime.live || stringField(config, "liveUrl"),
  };
}

async function siteConfig(fetchFn: Fetch): Promise<unknown> {
  try {
    const response = await fetchFn("config.json", { cache: "no-store" });
    return response.ok ? await response.json() : null;
  } catch {
    return null; // no config (or not JSON): the API is on this origin
  }
}

function stringField(config: unknown, name: string): string {
  const value = config && typeof config === "object" ? (config as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" ? value : "";
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
