/** Turns a tweet's text into safe HTML, linking only the hashtags and mentions the API extracted. */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// The same shapes the API extracts (TweetText): #tag of letters, marks, digits and _; @name of 3-15 [A-Za-z0-9_].
const TOKEN =
  /(?<![\p{L}\p{N}_&#])([#＃])([\p{L}\p{M}\p{N}_]{1,100})(?![\p{L}\p{M}\p{N}_])|(?<![\p{L}\p{N}_@.])@([A-Za-z0-9_]{3,15})(?![A-Za-z0-9_@])/gu;

export type Segment =
  | { kind: "text"; text: string }
  | { kind: "hashtag"; text: string; tag: string }
  | { kind: "mention"; text: string; username: string };

/** Splits text into plain runs and links; a #tag or @name the API did not extract stays plain text. */
export function segments(text: string, hashtags: readonly string[], mentions: readonly string[]): Segment[] {
  const tags = new Set(hashtags.map((t) => t.toLowerCase()));
  const names = new Set(mentions.map((m) => m.toLowerCase()));
  const out: Segment[] = [];
  let plain = "";
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const index = m.index ?? 0;
    let link: Segment | null = null;
    if (m[2] !== undefined && tags.has(m[2].toLowerCase())) {
      link = { kind: "hashtag", text: m[0], tag: m[2] };
    } else if (m[3] !== undefined && names.has(m[3].toLowerCase())) {
      link = { kind: "mention", text: m[0], username: m[3] };
    }
    if (!link) continue;
    plain += text.slice(last, index);
    if (plain) out.push({ kind: "text", text: plain });
    plain = "";
    out.push(link);
    last = index + m[0].length;
  }
  plain += text.slice(last);
  if (plain) out.push({ kind: "text", text: plain });
  return out;
}

/** HTML for the text: every piece escaped, links to #/tag/{tag} and #/u/{username}. */
export function linkify(text: string, hashtags: readonly string[], mentions: readonly string[]): string {
  return segments(text, hashtags, mentions)
    .map((s) => {
      switch (s.kind) {
        case "text":
          return escapeHtml(s.text);
        case "hashtag":
          return `<a href="#/tag/${escapeHtml(encodeURIComponent(s.tag))}">${escapeHtml(s.text)}</a>`;
        case "mention":
          return `<a href="#/u/${escapeHtml(encodeURIComponent(s.username))}">${escapeHtml(s.text)}</a>`;
      }
    })
    .join("");
}
