// Issue 25's live updates in Chromium against ./scaleout up: a tweet reaches a follower's open Home through the
// WebSocket API (no reload) as a "Show 1 new tweet" button, which shows it; with the live endpoint refusing, Home
// still learns of it, by polling the timeline (every 30 s), and tells the reader nothing alarming.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, browserForTests } from './browser.js';
import { follow, newUser, tweet } from './users.js';

const shared = browserForTests();

/** Resolves once a socket of the page hears {@code {"type":"subscribed","stream":stream}}; fails after 30 s. */
function subscribed(page, stream) {
  return new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error(`no socket of the page was subscribed to ${stream} within 30 s`)), 30_000).unref();
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => {
      try {
        const message = JSON.parse(String(payload));
        if (message.type === 'subscribed' && message.stream === stream) resolve(socket.url());
      } catch {
        // not JSON: not the acknowledgement
      }
    }));
  });
}

/** Marks the document, so that the test can tell that the page was never loaded again. */
async function markDocument(page) {
  await page.evaluate(() => (window.e2eNotReloaded = true));
  return async () => assert.equal(await page.evaluate(() => window.e2eNotReloaded), true, 'the page was reloaded');
}

/** Two users, the follower's Home open (its `home` subscription acknowledged when {@code live}). */
async function followerOnHome(prefix, beforeHome = async () => {}) {
  const author = await newUser(shared.browser, undefined, prefix + 'a');
  const reader = await newUser(shared.browser, undefined, prefix + 'r');
  await beforeHome(reader.page);
  await follow(reader.page, author.name);
  return { author, reader };
}

test('a followed user\'s tweet shows on the follower\'s open Home as "Show 1 new tweet", without a reload',
  async () => {
    const { author, reader } = await followerOnHome('lv');
    const home = subscribed(reader.page, 'home');
    await reader.page.goto('/#/');
    await reader.page.getByRole('heading', { name: 'Home' }).waitFor();
    const socketUrl = await home;
    assert.match(socketUrl, /\/live\?token=/, 'the socket carries the session token');
    const notReloaded = await markDocument(reader.page);

    const text = `Live from the other tab ${Date.now()}`;
    await tweet(author.page, text);

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
  const { author, reader } = await followerOnHome('pl', async (page) => {
    // the deployed site's config names a live URL whose handshake this origin refuses (no socket there)
    await page.route('**/config.json', (route) => route.fulfill({ contentType: 'application/json',
      body: JSON.stringify({ apiUrl: '', liveUrl: new URL('/no-live-here', page.url()).href.replace(/^http/, 'ws') }) }));
    page.on('websocket', (socket) => attempts.push(socket.url()));
    await page.reload();
  });
  await reader.page.goto('/#/');
  await reader.page.getByRole('heading', { name: 'Home' }).waitFor();
  const notReloaded = await markDocument(reader.page);

  const text = `Polled from the other tab ${Date.now()}`;
  await tweet(author.page, text);

  // three refusals (about 1 + 2 s apart), then a poll every 30 s
  const button = reader.page.getByRole('button', { name: 'Show 1 new tweet' });
  await button.waitFor({ timeout: 60_000 });
  await button.click();
  await reader.page.locator('article', { hasText: text }).first().waitFor();
  assert.ok(attempts.length >= 3, `the socket was tried ${attempts.length} times, not 3`);
  assert.ok(attempts.every((url) => url.includes('/no-live-here')), attempts.join(', '));
  assert.equal(await reader.page.getByRole('alert').isVisible(), false, 'an alert was shown');
  await notReloaded();
});
