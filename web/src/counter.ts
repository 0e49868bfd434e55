/** The API's limit on a tweet's text, in code points after trimming. */
export const MAX_TWEET_LENGTH = 280;

// The API trims Java white space and every Unicode space separator; JavaScript's \s covers both except the
// information separators U+001C..U+001F, which Java counts as white space.
const EDGE_BLANKS = /^[\s\u001C-\u001F]+|[\s\u001C-\u001F]+$/gu;

/** The text as the API stores it: trimmed at both ends. */
export function trimTweet(text: string): string {
  return text.replace(EDGE_BLANKS, "");
}

/** Code points of the trimmed text (an emoji such as 😀 counts once, as on the server). */
export function tweetLength(text: string): number {
  let n = 0;
  for (const _ of trimTweet(text)) n++;
  return n;
}

/** Characters left before the limit; negative when over it. */
export function charactersLeft(text: string): number {
  return MAX_TWEET_LENGTH - tweetLength(text);
}

/** Whether the API would accept the text: 1 to 280 code points after trimming. */
export function canSend(text: string): boolean {
  const length = tweetLength(text);
  return length >= 1 && length <= MAX_TWEET_LENGTH;
}

/** The counter's text, e.g. "274 characters left" (or "-3 characters left" when over). */
export function counterText(text: string): string {
  const left = charactersLeft(text);
  return `${left} ${Math.abs(left) === 1 ? "character" : "characters"} left`;
}
