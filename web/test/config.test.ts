import { describe, expect, it } from "vitest";
import { endpoints } from "../src/config";

function fakeFetch(status: number, body: string) {
  const calls: string[] = [];
  const fetchFn = async (input: string) => {
    calls.push(input);
    return new Response(body, { status, headers: { "content-type": "application/json" } });
  };
  return { fetchFn, calls };
}

describe("endpoints", () => {
  it("takes the build's URLs first, without asking for config.json", async () => {
    const { fetchFn, calls } = fakeFetch(200, '{"apiUrl":"https://other","liveUrl":"wss://other"}');
    expect(await endpoints(fetchFn, { api: "https://api.example/" })).toEqual({ api: "https://api.example", live: "" });
    expect(await endpoints(fetchFn, { api: "https://api.example", live: "wss://live.example/dev" }))
      .toEqual({ api: "https://api.example", live: "wss://live.example/dev" });
    expect(calls).toEqual([]);
  });

  it("takes a deployed site's config.json", async () => {
    const { fetchFn, calls } = fakeFetch(200, '{"apiUrl":"https://abc.execute-api.eu-west-1.amazonaws.com/",'
      + '"liveUrl":"wss://def.execute-api.eu-west-1.amazonaws.com/dev"}');
    expect(await endpoints(fetchFn)).toEqual({ api: "https://abc.execute-api.eu-west-1.amazonaws.com",
      live: "wss://def.execute-api.eu-west-1.amazonaws.com/dev" });
    expect(calls).toEqual(["config.json"]);
  });

  it("falls back to this origin without a config, with a broken one, or when the request fails", async () => {
    const local = { api: "", live: "" };
    expect(await endpoints(fakeFetch(404, '{"message":"Not Found"}').fetchFn)).toEqual(local);
    expect(await endpoints(fakeFetch(200, "not json").fetchFn)).toEqual(local);
    expect(await endpoints(fakeFetch(200, '{"apiUrl": 42, "liveUrl": false}').fetchFn)).toEqual(local);
    expect(await endpoints(fakeFetch(200, '{"apiUrl": ""}').fetchFn)).toEqual(local);
    expect(await endpoints(async () => { throw new TypeError("offline"); })).toEqual(local);
  });
});
