import type { Api } from "./api";

/** The API client, set once at start-up, when the API's location is known (see main.ts). */
export let api: Api;

export function useApi(client: Api): void {
  api = client;
}
