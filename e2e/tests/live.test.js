// Issue 25's live updates in Chromium against ./scaleout up: a tweet reaches a follower's open Home through the
// WebSocket API (no reload) as a "Show 1 new tweet" button, which shows it; with the live endpoint refusing, Home
// still learns of it, by polling the timeline (every 30 s), and tells the reader nothing alarming. The stack fans a
// tweet out a moment later, longer when busy: the tests wait for that on the API, not for a fixed time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, BASE_URL, browserForTests } from './browser.js';
import { awaitTimeline, follow, newUser, tweet } from './users.js';

const shared = browserForTests();

/**
 * The messages the page's sockets receive (from the page's start: a socket lives across pages), parsed, each with its
 * socket's URL; {@code next(match)} waits for one received from now on.
 */
function socketMessages(page) {
  const waiting = new Set();
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => {
    let message;
    try {
      message = { ...JSON.parse(String(payload)), url: socket.url() };
    } catch {
      return; // not JSON: no message of the protocol
    }
    for (const waiter of waiting) waiter(message);
  }));
  return {
    next(match, what) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          reject(new Error(`no socket of the page received ${what} within 30 s`));
        }, 30_000);
        const waiter = (message) => {
          if (!match(message)) return;
          clearTimeout(timer);
          waiting.delete(waiter);
          resolve(message);
        };
        waiting.add(waiter);
      });
    },
  };
}

/** Marks the document, so that the test can tell that the page was never loaded again. */
async function markDocument(page) {
  await page.evaluate(() => (window.e2eNotReloaded = true));
  return async () => assert.equal(await page.evaluate(() => window.e2eNotReloaded), true, 'the page was reloaded');
}

/** Two users, the reader following the author, on the author's profile. */
async function readerOf(prefix, prepareReader) {
  const author = await newUser(shared.browser, undefined, prefix + 'a');
  // the reader's page is prepared before the client loads: it opens its socket at start-up
  const reader = await newUser(shared.browser, undefined, prefix + 'r', prepareReader);
  await follow(reader.page, author.name);
  return { author, reader };
}

test('a followed user\'s tweet shows on the follower\'s open Home as "Show 1 new tweet", without a reload',
  async () => {
    let messages;
    const { author, reader } = await readerOf('lv', async (page) => (messages = socketMessages(page)));
    const home = messages.next((m) => m.type === 'subscribed' && m.stream === 'home', 'subscribed to home');
    await reader.page.goto('/#/');
    await reader.page.getByRole('heading', { name: 'Home' }).waitFor();
    assert.match((await home).url, /\/live\?token=/, 'the socket carries the session token');
    const notReloaded = await markDocument(reader.page);

    const text = `Live from the other tab ${Date.now()}`;
    await tweet(author.page, text);

    await awaitTimeline(reader.name, text);
    const button = reader.page.getByRole('button', { name: 'Show 1 new tweet' });
    await button.waitFor({ timeout: 30_000 });
    assert.equal(await reader.page.locator('article', { hasText: text }).count(), 0, 'shown before it was asked for');
    await reader.page.screenshot({ path: fileURLToPath(new URL('live-new-tweet.png', ARTIFACTS)) });
    await button.click();
    await reader.page.locator('article', { hasText: text }).first().waitFor();
    assert.equal(await button.isVisible(), false);
    await notReloaded();
  });

test('with the live endpoint refusing, Home still shows new tweets (polling) and no alarm', async () => {
  const attempts = [];
  const { author, reader } = await readerOf('pl', async (page) => {
    // the page's timers under the test's hand: the next poll is brought forward once the tweet is fanned out
    await page.clock.install();
    // the deployed site's config names a live URL whose handshake this origin refuses (no socket there)
    const noLive = new URL('/no-live-here', BASE_URL).href.replace(/^http/, 'ws');
    await page.route('**/config.json', (route) => route.fulfill({ contentType: 'application/json',
      body: JSON.stringify({ apiUrl: '', liveUrl: noLive }) }));
    page.on('websocket', (socket) => attempts.push(socket.url()));
  });
  await reader.page.goto('/#/');
  await reader.page.getByRole('heading', { name: 'Home' }).waitFor();
  const notReloaded = await markDocument(reader.page);

  const text = `Polled from the other tab ${Date.now()}`;
  await tweet(author.page, text);

  // three refusals (1 to 4 s apart), then a poll every 30 s: once the timeline holds the tweet, the next poll shows
  // it. The page's clock is moved on past the next poll until it does (polling may not have begun at the first move).
  await awaitTimeline(reader.name, text);
  const button = reader.page.getByRole('button', { name: 'Show 1 new tweet' });
  for (let round = 1; !(await button.isVisible()); round++) {
    await reader.page.clock.fastForward('00:31');
    try {
      await button.waitFor({ timeout: 5_000 });
    } catch (error) {
      if (round === 6) throw error;
    }
  }
  await reader.page.screenshot({ path: fileURLToPath(new URL('live-polled.png', ARTIFACTS)) });
  await button.click();
  await reader.page.locator('article', { hasText: text }).first().waitFor();
  assert.ok(attempts.length >= 3, `the socket was tried ${attempts.length} times, not 3`);
  assert.ok(attempts.every((url) => url.includes('/no-live-here')), attempts.join(', '));
  assert.equal(await reader.page.getByRole('alert').isVisible(), false, 'an alert was shown');
  await notReloaded();
});
