/** The client's hash routes. */
export type Route =
  | { name: "home" }
  | { name: "login" }
  | { name: "register" }
  | { name: "profile"; username: string }
  | { name: "likes"; username: string }
  | { name: "followers"; username: string }
  | { name: "following"; username: string }
  | { name: "tag"; tag: string }
  | { name: "search"; q: string }
  | { name: "tweet"; id: string }
  | { name: "notFound"; path: string };

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Parses location.hash ("#/u/ada", "#/search?q=hi", "" …) into a route. */
export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, "");
  const q = raw.indexOf("?");
  const path = q >= 0 ? raw.slice(0, q) : raw;
  const query = new URLSearchParams(q >= 0 ? raw.slice(q + 1) : "");
  const parts = path.split("/").filter((p) => p !== "");
  const decoded = parts.map(decode);
  if (decoded.some((p) => p === null)) return { name: "notFound", path };
  const [first, second, third] = decoded as string[];
  if (parts.length === 0) return { name: "home" };
  if (parts.length === 1 && first === "login") return { name: "login" };
  if (parts.length === 1 && first === "register") return { name: "register" };
  if (parts.length === 1 && first === "search") return { name: "search", q: query.get("q") ?? "" };
  if (first === "u" && parts.length === 2) return { name: "profile", username: second };
  if (first === "u" && parts.length === 3 && third === "likes") return { name: "likes", username: second };
  if (first === "u" && parts.length === 3 && third === "followers") return { name: "followers", username: second };
  if (first === "u" && parts.length === 3 && third === "following") return { name: "following", username: second };
  if (first === "tag" && parts.length === 2) return { name: "tag", tag: second };
  if (first === "t" && parts.length === 2) return { name: "tweet", id: second };
  return { name: "notFound", path };
}

/** The hash of a route (the inverse of parseRoute). */
export function href(route: Route): string {
  const e = encodeURIComponent;
  switch (route.name) {
    case "home":
      return "#/";
    case "login":
      return "#/login";
    case "register":
      return "#/register";
    case "profile":
      return `#/u/${e(route.username)}`;
    case "likes":
      return `#/u/${e(route.username)}/likes`;
    case "followers":
      return `#/u/${e(route.username)}/followers`;
    case "following":
      return `#/u/${e(route.username)}/following`;
    case "tag":
      return `#/tag/${e(route.tag)}`;
    case "search":
      return route.q ? `#/search?q=${e(route.q)}` : "#/search";
    case "tweet":
      return `#/t/${e(route.id)}`;
    case "notFound":
      return `#${route.path}`;
  }
}
