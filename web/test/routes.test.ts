import { describe, expect, it } from "vitest";
import { href, parseRoute, type Route } from "../src/routes";

describe("route parsing", () => {
  it.each<[string, Route]>([
    ["", { name: "home" }],
    ["#", { name: "home" }],
    ["#/", { name: "home" }],
    ["#/login", { name: "login" }],
    ["#/register", { name: "register" }],
    ["#/u/ada", { name: "profile", username: "ada" }],
    ["#/u/ada/", { name: "profile", username: "ada" }],
    ["#/u/ada/followers", { name: "followers", username: "ada" }],
    ["#/u/ada/following", { name: "following", username: "ada" }],
    ["#/tag/caf%C3%A9", { name: "tag", tag: "café" }],
    ["#/search", { name: "search", q: "" }],
    ["#/search?q=%23java%20%40ada", { name: "search", q: "#java @ada" }],
    ["#/search?q=a+b", { name: "search", q: "a b" }],
    ["#/t/01HXYZ", { name: "tweet", id: "01HXYZ" }],
    ["#/u/ada/likes", { name: "likes", username: "ada" }],
    ["#/u/ada/retweets", { name: "notFound", path: "/u/ada/retweets" }],
    ["#/nowhere", { name: "notFound", path: "/nowhere" }],
    ["#/tag/%E0%A4%A", { name: "notFound", path: "/tag/%E0%A4%A" }],
  ])("%s", (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
  });

  it("href is the inverse of parseRoute", () => {
    const routes: Route[] = [
      { name: "home" },
      { name: "profile", username: "ada" },
      { name: "followers", username: "ada" },
      { name: "following", username: "ada" },
      { name: "likes", username: "ada" },
      { name: "tag", tag: "café" },
      { name: "search", q: "#java & @ada" },
      { name: "tweet", id: "42" },
    ];
    for (const route of routes) expect(parseRoute(href(route))).toEqual(route);
  });
});
