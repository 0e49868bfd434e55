// Issue 23's web client in Chromium against ./scaleout up: what every page does (no stray focus ring, no failed
// request for config.json, the top bar's search box), form errors with the API's reasons, pending buttons and a busy
// API retried, replies in their thread, tweets that look like tweets, likes and profiles. Screenshots at a desktop's
// and a phone's width go to e2e/target/. The tests marked "after the API of issue 23" need its fields and routes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, browserForTests, newPage, unique } from './browser.js';
import { awaitArticle, newUser, tweet } from './users.js';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const shared = browserForTests();

function screenshot(page, name) {
  return page.screenshot({ path: fileURLToPath(new URL(name, ARTIFACTS)), fullPage: true });
}

/** The failed requests (4xx/5xx) a page made, as "404 /config.json". */
function failedRequests(page) {
  const failed = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return failed;
}

test('a page loads without a failed request and focuses its heading without a visible ring', async () => {
  const page = await newPage(shared.browser, DESKTOP);
  const failed = failedRequests(page);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Recent tweets' }).waitFor();
  // the heading has the focus (screen readers announce the page) but shows no ring: no key was pressed
  const focused = await page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName, outline: el ? getComputedStyle(el).outlineStyle : null };
  });
  assert.deepEqual(focused, { tag: 'H1', outline: 'none' });
  await page.goto('/#/search');
  await page.getByRole('heading', { name: 'Search' }).waitFor();
  assert.deepEqual(failed, []);
  // by keyboard the ring shows: Tab to the skip link
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.equal(ring, 'solid');
});

test('the top bar searches from any page, and a tag page links to searching its word', async () => {
  const { page, name } = await newUser(shared.browser, PHONE, 'sr');
  const tag = 'e2e' + Math.random().toString(36).slice(2, 8);
  await tweet(page, `Searching #${tag} from the top bar`);
  await awaitArticle(page, `#/tag/${tag}`, '#' + tag, 'from the top bar');
  assert.equal(await page.getByRole('link', { name: `Search for “${tag}”` }).getAttribute('href'), `#/search?q=${tag}`);
  // the box in the top bar, from the tag page
  await page.getByRole('search').getByLabel('Search').fill('#' + tag);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('heading', { name: `Results for “#${tag}”` }).waitFor();
  await page.locator('article', { hasText: 'from the top bar' }).first().waitFor({ timeout: 30_000 });
  assert.equal(await page.getByRole('search').getByLabel('Search').inputValue(), '#' + tag);
  await screenshot(page, 'search-phone.png');
});

test('a refused password shows the API\'s reason and marks the field; the error goes when the user tries again',
  async () => {
    const page = await newPage(shared.browser, DESKTOP);
    await page.goto('/#/register');
    await page.getByLabel('Username').fill(unique('pw'));
    await page.getByLabel('Password').fill('abcde');
    await page.getByRole('button', { name: 'Register' }).click();
    const alert = page.getByRole('alert');
    await alert.getByRole('listitem').first().waitFor();
    const text = await alert.innerText();
    assert.match(text, /Invalid request/);
    assert.match(text, /Password: \S/);
    assert.equal(await page.getByLabel('Password').getAttribute('aria-invalid'), 'true');
    await screenshot(page, 'register-error.png');
    // the next try: the stale error goes at once, and the button is pending until the API answers
    let releaseAnswer;
    const answered = new Promise((resolve) => (releaseAnswer = resolve));
    await page.route('**/users', async (route) => {
      await answered;
      await route.continue();
    });
    await page.getByLabel('Password').fill('a-much-better-password-' + Date.now());
    await page.getByRole('button', { name: 'Register' }).click();
    await alert.waitFor({ state: 'hidden' });
    const button = page.getByRole('button', { name: 'Register' });
    assert.equal(await button.getAttribute('aria-busy'), 'true');
    assert.equal(await button.isDisabled(), true);
    releaseAnswer();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
  });

test('a busy API is asked again after Retry-After, the tweet pending meanwhile and what was on screen kept',
  async () => {
    const { page, name } = await newUser(shared.browser, DESKTOP, 'bz');
    await tweet(page, 'Before the busy moment');
    let busyAnswers = 2;
    let sends = 0;
    await page.route('**/tweets', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sends++;
      if (busyAnswers-- > 0) {
        return route.fulfill({ status: 503, headers: { 'retry-after': '1', 'content-type': 'application/json' },
          body: JSON.stringify({ message: 'Service busy, retry shortly' }) });
      }
      return route.continue();
    });
    await page.getByLabel("What's happening?").fill('Sent through a busy moment');
    await page.getByRole('button', { name: 'Tweet', exact: true }).click();
    assert.equal(await page.getByRole('button', { name: 'Tweet', exact: true }).getAttribute('aria-busy'), 'true');
    await page.locator('article', { hasText: 'Sent through a busy moment' }).waitFor();
    assert.equal(sends, 3);
    assert.equal(await page.getByRole('alert').isHidden(), true);
    await page.locator('article', { hasText: 'Before the busy moment' }).waitFor();
  });

test('a reply shows in its thread at once, saying whom it answers', async () => {
  const { page, name } = await newUser(shared.browser, DESKTOP, 'th');
  await tweet(page, 'Start of a thread');
  await page.locator('article', { hasText: 'Start of a thread' }).locator('a.time').click();
  await page.getByRole('heading', { name: 'Tweet' }).waitFor();
  await page.getByText('No replies yet.').waitFor();
  const original = page.locator('article', { hasText: 'Start of a thread' });
  await original.getByRole('button', { name: 'Reply', exact: true }).click();
  await page.getByLabel('Reply to @' + name).fill('And its first reply');
  await page.getByRole('button', { name: 'Send reply' }).click();
  const reply = page.getByRole('feed', { name: 'Replies' }).locator('article', { hasText: 'And its first reply' });
  await reply.waitFor();
  assert.match(await reply.innerText(), new RegExp(`Replying to @${name}`));
  assert.equal(await page.getByText('No replies yet.').count(), 0);
});

test('a tweet shows an identicon, the @handle, a relative time with the full time on hover, and icon buttons',
  async () => {
    const { page, name } = await newUser(shared.browser, DESKTOP, 'lk');
    await tweet(page, 'A tweet that looks like one');
    const article = page.locator('article', { hasText: 'A tweet that looks like one' });
    assert.match(await article.locator('img.avatar').getAttribute('src'), /^data:image\/svg\+xml/);
    assert.equal(await article.locator('.handle').innerText(), '@' + name);
    const time = article.locator('time');
    assert.match(await time.innerText(), /^(now|1m)$/);
    assert.ok(await time.getAttribute('title'));
    // no "0 retweets": a zero shows no number (screen readers hear the counts in words, from hidden text)
    assert.deepEqual(await article.locator('.count').allInnerTexts(), ['', '', '']);
    for (const action of ['Reply', 'Retweet', 'Like']) {
      await article.getByRole('button', { name: action, exact: true }).waitFor();
    }
    await screenshot(page, 'tweet-desktop.png');
  });

// ---- after the API of issue 23 (display names in tweets, likes, retweetedByMe/likedByMe, PATCH /me, bio) ----

test('after the API of issue 23: Like and Unlike with the count, known again on reload, and the Likes tab',
  async () => {
    const { page, name } = await newUser(shared.browser, DESKTOP, 'li');
    await tweet(page, 'Worth a like');
    const article = () => page.locator('article', { hasText: 'Worth a like' }).first();
    assert.equal(await article().locator('.display-name').innerText(), 'E2E ' + name);
    await article().getByRole('button', { name: 'Like', exact: true }).click();
    await article().getByRole('button', { name: 'Unlike' }).waitFor();
    assert.equal(await article().locator('.like .count').innerText(), '1');
    // the state comes from the API on the next render (likedByMe): the home timeline follows the tweet by the
    // fanout's moment, so wait for it there as a reader would, reloading
    await awaitArticle(page, '#/', 'Home', 'Worth a like');
    await article().getByRole('button', { name: 'Unlike' }).waitFor();
    await awaitArticle(page, `#/u/${name}/likes`, '@' + name, 'Worth a like');
    assert.equal(await page.getByRole('link', { name: 'Likes' }).getAttribute('aria-current'), 'page');
    await article().getByRole('button', { name: 'Unlike' }).click();
    await article().getByRole('button', { name: 'Like', exact: true }).waitFor();
  });

test('after the API of issue 23: a retweet is known on the next render (retweetedByMe)', async () => {
  const { page, name } = await newUser(shared.browser, DESKTOP, 'rt');
  await tweet(page, 'Retweet me');
  const article = () => page.locator('article', { hasText: 'Retweet me' }).first();
  await article().getByRole('button', { name: 'Retweet', exact: true }).click();
  await article().getByRole('button', { name: 'Undo retweet' }).waitFor();
  await page.goto(`/#/u/${name}`);
  await article().getByRole('button', { name: 'Undo retweet' }).waitFor();
});

test('after the API of issue 23: one\'s own page edits the display name and bio; another\'s shows them', async () => {
  const { page, name } = await newUser(shared.browser, DESKTOP, 'pf');
  await page.goto(`/#/u/${name}`);
  await page.getByRole('heading', { name: '@' + name }).waitFor();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Display name').fill('Ada of the tests');
  await page.getByLabel('Bio').fill('Writes end-to-end tests.');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Writes end-to-end tests.').waitFor();
  const visitor = await newPage(shared.browser, PHONE);
  await visitor.goto(`/#/u/${name}`);
  await visitor.getByText('Ada of the tests').waitFor();
  await visitor.getByText('Writes end-to-end tests.').waitFor();
  assert.equal(await visitor.getByRole('button', { name: 'Follow', exact: true }).count(), 0); // logged out
  await screenshot(visitor, 'profile-phone.png');
});
