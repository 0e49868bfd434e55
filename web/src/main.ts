import "./style.css";
import { Api } from "./api";
import { onSessionChange, session } from "./auth";
import { useApi } from "./client";
import { endpoints } from "./config";
import { Live, liveUrl, useLive } from "./live";
import { renderPagesWith } from "./navigation";
import { followListPage } from "./pages/followList";
import { homePage } from "./pages/home";
import { loginPage } from "./pages/login";
import { notFoundPage } from "./pages/notFound";
import { profilePage } from "./pages/profile";
import { recentPage } from "./pages/recent";
import { registerPage } from "./pages/register";
import { searchPage } from "./pages/search";
import { tagPage } from "./pages/tag";
import { tweetPage } from "./pages/tweet";
import { parseRoute, type Route } from "./routes";
import { renderNav } from "./ui/nav";
import { mountSearchBox, showQuery } from "./ui/searchBox";
import { main } from "./ui/page";
import { refreshTimes } from "./ui/tweet";

/** The hash the page shows: a navigation to the same hash (no hashchange) reloads the page's data. */
let renderedHash: string | null = null;

function render(): void {
  renderedHash = location.hash;
  const route: Route = parseRoute(location.hash);
  showQuery(route.name === "search" ? route.q : "");
  switch (route.name) {
    case "home":
      return session ? homePage() : recentPage();
    case "login":
      return loginPage();
    case "register":
      return registerPage();
    case "profile":
      return profilePage(route.username, "tweets");
    case "likes":
      return profilePage(route.username, "likes");
    case "followers":
    case "following":
      return followListPage(route.username, route.name);
    case "tag":
      return tagPage(route.tag);
    case "search":
      return searchPage(route.q);
    case "tweet":
      return tweetPage(route.id);
    case "notFound":
      return notFoundPage();
  }
}

renderPagesWith(render);
/** The live updates' socket, once the URLs are known (below). */
let live: Live | null = null;
// a new session (or none) is a new token in the live URL: the socket is opened again with it
onSessionChange(() => {
  renderNav();
  live?.restart();
});
document.getElementById("skip")?.addEventListener("click", (event) => {
  event.preventDefault(); // a plain #main would change the route
  main.focus();
});
window.addEventListener("hashchange", render);
setInterval(() => refreshTimes(main), 60_000);
// Going to the URL already shown (the address bar, or a link to the current page such as "Home" on Home) fires
// popstate but no hashchange: show the page afresh then. A different hash renders on its hashchange.
window.addEventListener("popstate", () => {
  if (location.hash === renderedHash) render();
});
const fetchFn = (input: string, init?: RequestInit) => fetch(input, init);
void endpoints(fetchFn, { api: import.meta.env.VITE_API_URL, live: import.meta.env.VITE_LIVE_URL }).then((urls) => {
  useApi(new Api(fetchFn, urls.api, () => session?.token ?? null));
  live = new Live(() => liveUrl(urls.live, urls.api, location.href, session?.token ?? null));
  useLive(live);
  live.start();
  mountSearchBox();
  renderNav();
  render();
});
