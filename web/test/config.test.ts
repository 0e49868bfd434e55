import { describe, expect, it } from "vitest";
import { apiBase } from "../src/config";

function fakeFetch(status: number, body: string) {
  const calls: string[] = [];
  const fetchFn = async (input: string) => {
    calls.push(input);
    return new Response(body, { status, headers: { "content-type": "application/json" } });
  };
  return { fetchFn, calls };
}

describe("apiBase", () => {
  it("takes the build's URL first, without asking for config.json", async () => {
    const { fetchFn, calls } = fakeFetch(200, '{"apiUrl":"https://other"}');
    expect(await apiBase(fetchFn, "https://api.example/")).toBe("https://api.example");
    expect(calls).toEqual([]);
  });

  it("takes a deployed site's config.json", async () => {
    const { fetchFn, calls } = fakeFetch(200, '{"apiUrl":"https://abc.execute-api.eu-west-1.amazonaws.com/"}');
    expect(await apiBase(fetchFn, undefined)).toBe("https://abc.execute-api.eu-west-1.amazonaws.com");
    expect(calls).toEqual(["config.json"]);
  });

  it("falls back to this origin without a config, with a broken one, or when the request fails", async () => {
    expect(await apiBase(fakeFetch(404, '{"message":"Not Found"}').fetchFn, undefined)).toBe("");
    expect(await apiBase(fakeFetch(200, "not json").fetchFn, undefined)).toBe("");
    expect(await apiBase(fakeFetch(200, '{"apiUrl": 42}').fetchFn, undefined)).toBe("");
    expect(await apiBase(async () => { throw new TypeError("offline"); }, undefined)).toBe("");
  });
});
