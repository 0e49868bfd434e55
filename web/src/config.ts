import type { Fetch } from "./api";

/**
 * Where the API is. Same origin by default (the local runtime serves the client beside the API). A build can name
 * another origin (`VITE_API_URL`); a deployed site names it in a `config.json` beside its files, written by the CDK
 * app with the stage's API URL, so one build serves every stage.
 */
export async function apiBase(fetchFn: Fetch, buildTime: string | undefined): Promise<string> {
  if (buildTime) return withoutTrailingSlash(buildTime);
  try {
    const response = await fetchFn("config.json", { cache: "no-store" });
    if (!response.ok) return "";
    const config: unknown = await response.json();
    if (config && typeof config === "object" && typeof (config as { apiUrl?: unknown }).apiUrl === "string") {
      return withoutTrailingSlash((config as { apiUrl: string }).apiUrl);
    }
  } catch {
    // no config (or not JSON): the API is on this origin
  }
  return "";
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
