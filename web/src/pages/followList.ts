import { api } from "../client";
import { h } from "../dom";
import { href } from "../routes";
import { main, startPage } from "../ui/page";
import { userList } from "../ui/userList";
import { followListTitle } from "../ui/wording";

/** Who follows a user, or whom the user follows. */
export function followListPage(username: string, which: "followers" | "following"): void {
  const parts = startPage(followListTitle(username, which));
  main.append(
    h("p", {}, h("a", { href: href({ name: "profile", username }) }, `Back to @${username}`)),
    userList(parts, (p) => (which === "followers" ? api.followers(username, p) : api.following(username, p))),
  );
}
