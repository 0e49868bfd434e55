// The steps the end-to-end tests share: an account made through the web client, and a tweet sent from Home.
import { BASE_URL, newPage, unique } from './browser.js';

/**
 * A page of its own with a new account logged in (username from {@code prefix}), on Home; {@code prepare} runs on the
 * page before the client first loads (routes, listeners).
 */
export async function newUser(browser, viewport, prefix, prepare = async () => {}) {
  const page = await newPage(browser, viewport);
  await prepare(page);
  const name = unique(prefix);
  await register(page, name);
  return { page, name };
}
export async function register(page, username) {
  await page.goto('/#/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(passwordOf(username));
  await page.getByLabel('Display name').fill('E2E ' + username);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: '@' + username }).waitFor();
}

function passwordOf(username) {
  return 'password-' + username;
}

/**
 * Waits until {@code username}'s home timeline, read over the API (at the site's origin), holds a tweet with
 * {@code text}: the fanout is done, however busy the stack (a page's poll finds it on its next round).
 */
export async function awaitTimeline(username, text, budgetMs = 120_000) {
  const { token } = await callApi('POST', '/sessions', null, { username, password: passwordOf(username) });
  const deadline = Date.now() + budgetMs;
  while (Date.now() < deadline) {
    const { items } = await callApi('GET', '/timeline', token);
    if (items.some((item) => item.text === text)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`"${text}" never reached @${username}'s timeline within ${budgetMs / 1000} s`);
}

async function callApi(method, path, token, body) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(new URL(path, BASE_URL), { method, headers, body: body && JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Follows {@code username} from their profile. */
export async function follow(page, username) {
  await page.goto(`/#/u/${username}`);
  await page.getByRole('heading', { name: '@' + username }).waitFor();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await page.getByRole('button', { name: 'Unfollow' }).waitFor();
}

export async function tweet(page, text) {
  await page.getByLabel("What's happening?").fill(text);
  await page.getByRole('button', { name: 'Tweet', exact: true }).click();
  await page.locator('article', { hasText: text }).first().waitFor();
}

/**
 * Opens {@code hash} until an article with {@code text} shows under its heading: timelines, hashtag pages and search
 * follow a tweet through the streams, a moment later.
 */
export async function awaitArticle(page, hash, heading, text) {
  for (let attempt = 0; attempt < 15; attempt++) {
    await page.goto('/' + hash);
    await page.getByRole('heading', { name: heading }).waitFor();
    try {
      // the feed loads after the heading: give it a moment before reloading
      await page.locator('article', { hasText: text }).first().waitFor({ timeout: 2_000 });
      return;
    } catch {
      // not there yet
    }
  }
  throw new Error(`"${text}" never showed at ${hash}`);
}
