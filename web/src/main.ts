import "./style.css";
import { Api, ApiError, ComposeKey, Pager, type Page, type PageParams, type Tweet, type User } from "./api";
import { canSend, charactersLeft, counterText } from "./counter";
import { append, h, type Child } from "./dom";
import { linkify } from "./linkify";
import { href, parseRoute, type Route } from "./routes";
import { apiBase } from "./config";
import { clearSession, loadSession, saveSession, type StoredSession } from "./session";

let session: StoredSession | null = loadSession();
/** Set once the API's location is known (see start-up at the end). */
let api: Api;

const nav = document.getElementById("nav")!;
const main = document.getElementById("main")!;
/** Bumped on every route change: work of a page left behind stops touching the DOM. */
let generation = 0;
let observer: IntersectionObserver | null = null;

// ---- page furniture ---------------------------------------------------------------------------------------------

function renderNav(): void {
  const links: Child[] = [h("a", { href: "#/" }, "Home"), h("a", { href: "#/search" }, "Search")];
  if (session) {
    const me = session.username;
    links.push(
      h("a", { href: href({ name: "profile", username: me }) }, `@${me}`),
      h("button", { type: "button", class: "link", onclick: () => void logOut() }, "Log out"),
    );
  } else {
    links.push(h("a", { href: "#/login" }, "Log in"), h("a", { href: "#/register" }, "Register"));
  }
  nav.replaceChildren(h("ul", {}, ...links.map((l) => h("li", {}, l))));
}

interface PageParts {
  alert: HTMLElement;
  gen: number;
}

/** Starts a page: its heading (focused, so screen readers announce the new page) and its alert element. */
function page(title: string, ...intro: Child[]): PageParts {
  observer?.disconnect();
  observer = null;
  const gen = ++generation;
  document.title = `${title} · Scaleout`;
  const heading = h("h1", { tabindex: "-1", id: "page-heading" }, title);
  const alert = h("p", { role: "alert", class: "alert", hidden: true });
  main.replaceChildren(heading, alert);
  append(main, ...intro);
  heading.focus();
  return { alert, gen };
}

function showError(parts: PageParts, error: unknown): void {
  if (parts.gen !== generation) return;
  if (error instanceof ApiError && error.status === 401 && session) {
    // the token expired or was revoked: log out locally and ask to log in again
    clearSession();
    session = null;
    renderNav();
  }
  parts.alert.textContent = error instanceof Error ? error.message : String(error);
  parts.alert.hidden = false;
}

function clearError(parts: PageParts): void {
  parts.alert.textContent = "";
  parts.alert.hidden = true;
}

function userLink(username: string): HTMLAnchorElement {
  return h("a", { href: href({ name: "profile", username }) }, `@${username}`);
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

// ---- tweets ----------------------------------------------------------------------------------------------------

function tweetArticle(tweet: Tweet, parts: PageParts): HTMLElement {
  const text = h("p", { class: "text" });
  text.innerHTML = linkify(tweet.text, tweet.hashtags ?? [], tweet.mentions ?? []); // escaped by linkify
  const counts = h("span", { class: "counts" }, `${tweet.replies} replies · ${tweet.retweets} retweets`);
  const article = h(
    "article",
    { class: "tweet" },
    tweet.retweetedBy ? h("p", { class: "retweeted" }, `retweeted by @${tweet.retweetedBy.username}`) : null,
    h(
      "p",
      { class: "meta" },
      userLink(tweet.author.username),
      " ",
      h("a", { href: href({ name: "tweet", id: tweet.id }), class: "time" },
        h("time", { datetime: tweet.createdAt }, formatTime(tweet.createdAt))),
      tweet.inReplyTo ? " · " : null,
      tweet.inReplyTo ? h("a", { href: href({ name: "tweet", id: tweet.inReplyTo }) }, "in reply") : null,
    ),
    text,
    h("p", { class: "footer" }, counts),
  );
  if (session) article.append(tweetActions(tweet, parts, counts));
  return article;
}

function tweetActions(tweet: Tweet, parts: PageParts, counts: HTMLElement): HTMLElement {
  let retweeted = false;
  let replies = tweet.replies;
  let retweets = tweet.retweets;
  const updateCounts = () => (counts.textContent = `${replies} replies · ${retweets} retweets`);
  const author = tweet.author.username;
  const fieldId = `reply-${tweet.id}-${Math.random().toString(36).slice(2, 8)}`;
  const textarea = h("textarea", { id: fieldId, rows: 2, required: true });
  const send = h("button", { type: "submit" }, "Send reply");
  const status = h("span", { class: "status", "aria-live": "polite" });
  const form = h(
    "form",
    { class: "reply", hidden: true },
    h("label", { for: fieldId }, `Reply to @${author}`),
    textarea,
    h("div", { class: "row" }, send, h("button", { type: "button", class: "secondary", onclick: () => closeReply() },
      "Cancel")),
  );
  const replyButton = h("button", { type: "button", "aria-expanded": "false" }, "Reply");
  const retweetButton = h("button", { type: "button" }, "Retweet");
  const closeReply = () => {
    form.hidden = true;
    replyButton.hidden = false;
    replyButton.setAttribute("aria-expanded", "false");
    replyButton.focus();
  };
  replyButton.addEventListener("click", () => {
    form.hidden = false;
    replyButton.hidden = true;
    replyButton.setAttribute("aria-expanded", "true");
    textarea.focus();
  });
  const replyKey = new ComposeKey();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!canSend(textarea.value)) {
      showError(parts, new Error(charactersLeft(textarea.value) < 0 ? "A reply can have at most 280 characters."
        : "Write something first."));
      return;
    }
    send.disabled = true;
    try {
      await api.tweet(textarea.value, tweet.id, replyKey.for(textarea.value));
      replyKey.sent();
      clearError(parts);
      textarea.value = "";
      replies++;
      updateCounts();
      form.hidden = true;
      replyButton.hidden = false;
      replyButton.setAttribute("aria-expanded", "false");
      status.textContent = "Reply sent.";
    } catch (error) {
      showError(parts, error);
    } finally {
      send.disabled = false;
    }
  });
  retweetButton.addEventListener("click", async () => {
    retweetButton.disabled = true;
    try {
      if (retweeted) {
        await api.undoRetweet(tweet.id);
        retweets = Math.max(0, retweets - 1);
      } else {
        await api.retweet(tweet.id);
        retweets++;
      }
      retweeted = !retweeted;
      retweetButton.textContent = retweeted ? "Undo retweet" : "Retweet";
      updateCounts();
      clearError(parts);
    } catch (error) {
      showError(parts, error);
    } finally {
      retweetButton.disabled = false;
    }
  });
  return h("div", { class: "actions" }, h("div", { class: "row" }, replyButton, retweetButton, status), form);
}

/**
 * A list of tweets paged by cursor. "scroll": the next page loads when the end of the list comes into view
 * (IntersectionObserver); "button": a "More results" button.
 */
function tweetList(
  parts: PageParts,
  load: (page: PageParams) => Promise<Page<Tweet>>,
  mode: "scroll" | "button",
  label: string,
  empty = "No tweets yet.",
): { element: HTMLElement; prepend: (tweet: Tweet) => void } {
  const pager = new Pager(load);
  const list = h("div", { class: "tweets", role: "feed", "aria-label": label, "aria-busy": "false" });
  const status = h("p", { class: "status", "aria-live": "polite" });
  const more = h("button", { type: "button", hidden: true }, "More results");
  const sentinel = h("div", { class: "sentinel", "aria-hidden": "true" });
  let shown = 0;
  const loadMore = async () => {
    if (pager.done) return;
    list.setAttribute("aria-busy", "true");
    status.textContent = "Loading…";
    more.hidden = true;
    try {
      const items = await pager.next();
      if (parts.gen !== generation) return;
      for (const tweet of items) list.append(tweetArticle(tweet, parts));
      shown += items.length;
      status.textContent = shown === 0 ? empty : pager.done && mode === "scroll" ? "You're all caught up." : "";
      more.hidden = mode !== "button" || pager.done;
      if (mode === "scroll" && !pager.done) {
        // the page may not fill the viewport: re-observing triggers another load if the sentinel is still visible
        observer?.unobserve(sentinel);
        observer?.observe(sentinel);
      }
    } catch (error) {
      status.textContent = "";
      more.hidden = mode !== "button";
      showError(parts, error);
    } finally {
      list.setAttribute("aria-busy", "false");
    }
  };
  more.addEventListener("click", () => void loadMore());
  if (mode === "scroll" && "IntersectionObserver" in window) {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    }, { rootMargin: "400px" });
    observer.observe(sentinel);
  } else {
    if (mode === "scroll") more.textContent = "More tweets";
    void loadMore();
  }
  const element = h("section", { class: "list" }, list, status, more, sentinel);
  const prepend = (tweet: Tweet) => {
    list.prepend(tweetArticle(tweet, parts));
    if (shown === 0) status.textContent = "";
    shown++;
  };
  return { element, prepend };
}

function userList(parts: PageParts, load: (page: PageParams) => Promise<Page<User>>): HTMLElement {
  const pager = new Pager(load);
  const list = h("ul", { class: "users" });
  const status = h("p", { class: "status", "aria-live": "polite" });
  const more = h("button", { type: "button", hidden: true }, "More results");
  let shown = 0;
  const loadMore = async () => {
    more.hidden = true;
    try {
      const items = await pager.next();
      if (parts.gen !== generation) return;
      for (const user of items) {
        list.append(h("li", {}, userLink(user.username), user.displayName ? ` ${user.displayName}` : null));
      }
      shown += items.length;
      status.textContent = shown === 0 ? "Nobody yet." : "";
      more.hidden = pager.done;
    } catch (error) {
      showError(parts, error);
    }
  };
  more.addEventListener("click", () => void loadMore());
  void loadMore();
  return h("section", { class: "list" }, list, status, more);
}

// ---- pages -----------------------------------------------------------------------------------------------------

function recentPage(): void {
  const parts = page("Recent tweets");
  main.append(h("p", { class: "hint" }, "Log in or register (links above) to tweet and follow people."));
  const list = h("div", { class: "tweets", role: "feed", "aria-label": "Recent tweets" });
  const status = h("p", { class: "status", "aria-live": "polite" }, "Loading…");
  main.append(list, status);
  api.recent().then(
    (recent) => {
      if (parts.gen !== generation) return;
      recent.items.forEach((t) => list.append(tweetArticle(t, parts)));
      status.textContent = recent.items.length === 0 ? "No tweets yet." : "";
    },
    (error) => {
      status.textContent = "";
      showError(parts, error);
    },
  );
}

function composeForm(parts: PageParts, onTweet: (tweet: Tweet) => void): HTMLElement {
  const textarea = h("textarea", { id: "compose", rows: 3, "aria-describedby": "compose-counter" });
  const counter = h("p", { id: "compose-counter", class: "counter", "aria-live": "polite" }, counterText(""));
  const button = h("button", { type: "submit", disabled: true }, "Tweet");
  const composeKey = new ComposeKey();
  const update = () => {
    counter.textContent = counterText(textarea.value);
    counter.classList.toggle("over", charactersLeft(textarea.value) < 0);
    button.disabled = !canSend(textarea.value);
  };
  textarea.addEventListener("input", update);
  const form = h(
    "form",
    { class: "compose" },
    h("label", { for: "compose" }, "What's happening?"),
    textarea,
    h("div", { class: "row" }, counter, button),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!canSend(textarea.value)) return;
    button.disabled = true;
    try {
      const tweet = await api.tweet(textarea.value, undefined, composeKey.for(textarea.value));
      composeKey.sent();
      clearError(parts);
      textarea.value = "";
      onTweet(tweet);
    } catch (error) {
      showError(parts, error);
    } finally {
      update();
    }
  });
  return form;
}

function followButton(parts: PageParts, username: string, following: boolean,
                      onChange?: (following: boolean) => void): HTMLButtonElement {
  let state = following;
  const button = h("button", { type: "button", class: "follow" }, state ? "Unfollow" : "Follow");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      if (state) await api.unfollow(username);
      else await api.follow(username);
      state = !state;
      button.textContent = state ? "Unfollow" : "Follow";
      clearError(parts);
      onChange?.(state);
    } catch (error) {
      showError(parts, error);
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

function homePage(): void {
  const parts = page("Home");
  const timeline = tweetList(parts, (p) => api.timeline(p), "scroll", "Home timeline",
    "Your timeline is empty: tweet something, or follow someone.");
  const compose = composeForm(parts, (tweet) => timeline.prepend(tweet));
  const suggestions = h("ul", { class: "users" });
  const aside = h("section", { class: "suggestions", "aria-labelledby": "might-like" },
    h("h2", { id: "might-like" }, "You might like"), suggestions);
  main.append(compose, aside, h("h2", { class: "visually-hidden" }, "Timeline"), timeline.element);
  api.recommendations().then(
    (r) => {
      if (parts.gen !== generation) return;
      if (r.items.length === 0) {
        suggestions.append(h("li", {}, "No suggestions yet: follow a few people first."));
      }
      for (const user of r.items) {
        suggestions.append(h("li", {}, userLink(user.username),
          h("span", { class: "muted" }, ` ${user.mutuals} ${user.mutuals === 1 ? "mutual" : "mutuals"} `),
          followButton(parts, user.username, false)));
      }
    },
    (error) => showError(parts, error),
  );
}

function credentialsForm(parts: PageParts, submitLabel: string, withDisplayName: boolean,
                         onSubmit: (values: Record<string, string>) => Promise<void>): HTMLFormElement {
  const field = (id: string, label: string, attrs: Record<string, string | boolean>) =>
    h("div", { class: "field" }, h("label", { for: id }, label), h("input", { id, name: id, ...attrs }));
  const button = h("button", { type: "submit" }, submitLabel);
  const form = h(
    "form",
    { class: "credentials" },
    field("username", "Username", { autocomplete: "username", required: true, autocapitalize: "none" }),
    field("password", "Password", {
      type: "password",
      required: true,
      autocomplete: withDisplayName ? "new-password" : "current-password",
    }),
    withDisplayName ? field("displayName", "Display name", { autocomplete: "name" }) : null,
    button,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
    button.disabled = true;
    try {
      await onSubmit(values);
    } catch (error) {
      showError(parts, error);
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

async function logIn(username: string, password: string): Promise<void> {
  const created = await api.login(username, password);
  session = { token: created.token, username: created.user.username };
  saveSession(session);
  renderNav();
  navigate("#/");
}

function loginPage(): void {
  const parts = page("Log in");
  main.append(
    credentialsForm(parts, "Log in", false, (v) => logIn(v.username, v.password)),
    h("p", {}, "No account yet? ", h("a", { href: "#/register" }, "Create an account")),
  );
}

function registerPage(): void {
  const parts = page("Register");
  main.append(
    credentialsForm(parts, "Register", true, async (v) => {
      await api.register(v.username, v.password, v.displayName?.trim() || undefined);
      await logIn(v.username, v.password);
    }),
    h("p", { class: "hint" }, "Username: 3 to 15 letters, digits or _. Password: 8 to 128 characters, not a common one."),
  );
}

async function logOut(): Promise<void> {
  try {
    await api.logout();
  } catch {
    // the token may already be invalid: logging out locally is what matters
  }
  clearSession();
  session = null;
  renderNav();
  if (location.hash === "#/" || location.hash === "") render();
  else navigate("#/");
}

function profilePage(username: string): void {
  const parts = page(`@${username}`);
  const details = h("section", { class: "profile", "aria-label": "Profile" });
  main.append(details);
  api.user(username).then(
    (profile) => {
      if (parts.gen !== generation) return;
      let followers = profile.followers;
      const followersText = h("span", {}, `${followers} followers`);
      const isMe = session?.username.toLowerCase() === profile.username.toLowerCase();
      append(details,
        profile.displayName ? h("p", { class: "display-name" }, profile.displayName) : null,
        h("ul", { class: "stats" },
          h("li", {}, followersText),
          h("li", {}, `${profile.following} following`),
          h("li", {}, `${profile.tweets} tweets`)),
        h("p", { class: "row" },
          h("a", { href: href({ name: "followers", username: profile.username }) }, "Followers"),
          h("a", { href: href({ name: "following", username: profile.username }) }, "Following")),
      );
      if (session && !isMe) {
        // whether the caller follows this user: the followers list says (the API has no single-edge read)
        isFollowedByMe(profile.username).then((following) => {
          if (parts.gen !== generation) return;
          details.append(followButton(parts, profile.username, following, (now) => {
            followers += now ? 1 : -1;
            followersText.textContent = `${followers} followers`;
          }));
        }, (error) => showError(parts, error));
      }
      main.append(h("h2", {}, "Tweets"),
        tweetList(parts, (p) => api.userTweets(profile.username, p), "scroll", `Tweets by @${profile.username}`)
          .element);
    },
    (error) => showError(parts, error),
  );
}

async function isFollowedByMe(username: string): Promise<boolean> {
  const pager = new Pager((p) => api.following(session!.username, { ...p, limit: 100 }));
  while (!pager.done) {
    const users = await pager.next();
    if (users.some((u) => u.username.toLowerCase() === username.toLowerCase())) return true;
  }
  return false;
}

function followListPage(username: string, which: "followers" | "following"): void {
  const parts = page(which === "followers" ? `Followers of @${username}` : `Accounts @${username} follows`);
  main.append(
    h("p", {}, h("a", { href: href({ name: "profile", username }) }, `Back to @${username}`)),
    userList(parts, (p) => (which === "followers" ? api.followers(username, p) : api.following(username, p))),
  );
}

function tagPage(tag: string): void {
  const parts = page(`#${tag}`);
  main.append(tweetList(parts, (p) => api.hashtag(tag, p), "scroll", `Tweets tagged #${tag}`,
    "No tweets with this hashtag.").element);
}

function searchPage(q: string): void {
  const parts = page("Search");
  const input = h("input", { type: "search", id: "search-q", name: "q", value: q, maxlength: 200 });
  const form = h(
    "form",
    { role: "search", class: "search" },
    h("label", { for: "search-q" }, "Search"),
    h("div", { class: "row" }, input, h("button", { type: "submit" }, "Search")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = input.value.trim();
    if (!query) {
      showError(parts, new Error("Type a word, a #tag or an @user to search for."));
      return;
    }
    navigate(href({ name: "search", q: query }));
  });
  main.append(form, h("p", { class: "hint" }, "Words, #hashtags and @users, in any mix."));
  if (q.trim()) {
    main.append(h("h2", {}, `Results for “${q}”`),
      tweetList(parts, (p) => api.search(q, p), "button", `Results for ${q}`, "No tweets match.").element);
  }
}

function tweetPage(id: string): void {
  const parts = page("Tweet");
  const holder = h("div", {});
  main.append(holder);
  api.getTweet(id).then(
    (tweet) => {
      if (parts.gen !== generation) return;
      holder.append(tweetArticle(tweet, parts));
      main.append(h("h2", {}, "Replies"),
        tweetList(parts, (p) => api.replies(id, p), "button", "Replies", "No replies yet.").element);
    },
    (error) => showError(parts, error),
  );
}

function notFoundPage(): void {
  page("Page not found");
  main.append(h("p", {}, "Nothing lives at this address. ", h("a", { href: "#/" }, "Go to the home page")));
}

// ---- routing ---------------------------------------------------------------------------------------------------

function navigate(hash: string): void {
  if (location.hash === hash) render();
  else location.hash = hash;
}

/** The hash the page shows: a navigation to the same hash (no hashchange) reloads the page's data. */
let renderedHash: string | null = null;

function render(): void {
  renderedHash = location.hash;
  const route: Route = parseRoute(location.hash);
  switch (route.name) {
    case "home":
      return session ? homePage() : recentPage();
    case "login":
      return loginPage();
    case "register":
      return registerPage();
    case "profile":
      return profilePage(route.username);
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

document.getElementById("skip")?.addEventListener("click", (event) => {
  event.preventDefault(); // a plain #main would change the route
  main.focus();
});
window.addEventListener("hashchange", render);
// Going to the URL already shown (the address bar, or a link to the current page such as "Home" on Home) fires
// popstate but no hashchange: show the page afresh then. A different hash renders on its hashchange.
window.addEventListener("popstate", () => {
  if (location.hash === renderedHash) render();
});
const fetchFn = (input: string, init?: RequestInit) => fetch(input, init);
void apiBase(fetchFn, import.meta.env.VITE_API_URL).then((base) => {
  api = new Api(fetchFn, base, () => session?.token ?? null);
  renderNav();
  render();
});
