// The walk through the web client, in a real browser against ./scaleout up: two users register, one
// follows the other, a tweet with a #tag and an @mention reaches the follower's timeline, who replies and
// retweets; search finds it; both log out. The timeline's screenshot is kept in e2e/target/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, browserForTests, newPage, unique } from './browser.js';
import { awaitArticle, follow, register, tweet } from './users.js';

const shared = browserForTests();

/** Reloads the home timeline until an article with {@code text} shows (fanout is asynchronous). */
function awaitInTimeline(page, text) {
  return awaitArticle(page, '#/', 'Home', text);
}

test('two users follow, tweet, see, reply, retweet, search and log out', async () => {
  const alice = unique('al');
  const bob = unique('bo');
  const alicePage = await newPage(shared.browser);
  const bobPage = await newPage(shared.browser, { width: 375, height: 740 }); // a phone
  // the local runtime sends the deployed site's Content Security Policy: any violation is a bug of the client
  const violations = [];
  for (const page of [alicePage, bobPage]) {
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
  }

  await register(alicePage, alice);
  await register(bobPage, bob);

  // bob follows alice from her profile
  await follow(bobPage, alice);
  await bobPage.getByText(/1 followers?/).first().waitFor();

  // alice tweets with a hashtag and a mention; the counter counts down as she types
  const tag = 'e2e' + Math.random().toString(36).slice(2, 8);
  const text = `Hello #${tag} from the browser @${bob}`;
  await alicePage.getByLabel("What's happening?").fill(text);
  await alicePage.getByText(`${280 - [...text].length} characters left`).waitFor();
  await tweet(alicePage, text);

  // it reaches bob's timeline, with links for the tag and the mention
  await awaitInTimeline(bobPage, 'from the browser');
  const article = bobPage.locator('article', { hasText: 'from the browser' }).first();
  assert.equal(await article.getByRole('link', { name: '#' + tag }).getAttribute('href'), `#/tag/${tag}`);
  assert.equal(await article.getByRole('link', { name: '@' + bob }).getAttribute('href'), `#/u/${bob}`);
  await bobPage.screenshot({ path: fileURLToPath(new URL('timeline.png', ARTIFACTS)), fullPage: true });

  // bob replies and retweets
  await article.getByRole('button', { name: 'Reply' }).click();
  await bobPage.getByLabel('Reply to @' + alice).fill('Nice one @' + alice);
  await bobPage.getByRole('button', { name: 'Send reply' }).click();
  await article.getByRole('button', { name: 'Retweet' }).click();
  await article.getByRole('button', { name: 'Undo retweet' }).waitFor();

  // the reply is alice's to see (it mentions her)
  await awaitInTimeline(alicePage, 'Nice one');

  // search finds the tweet by its hashtag
  await bobPage.goto('/#/search');
  await bobPage.getByLabel('Search').fill('#' + tag);
  await bobPage.getByRole('button', { name: 'Search' }).click();
  await bobPage.locator('article', { hasText: 'from the browser' }).first().waitFor();

  // the hashtag page lists it too
  await bobPage.goto(`/#/tag/${tag}`);
  await bobPage.locator('article', { hasText: 'from the browser' }).first().waitFor();

  assert.deepEqual(violations, [], 'Content Security Policy violations');

  // both log out; the logged-out home shows the recent tweets
  for (const page of [alicePage, bobPage]) {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await page.getByRole('heading', { name: 'Recent tweets' }).waitFor();
  }
});

test('a wrong password shows the API\'s message and stays logged out', async () => {
  const page = await newPage(shared.browser);
  await page.goto('/#/login');
  await page.getByLabel('Username').fill(unique('nobody'));
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.innerText(), /\S/);
  await page.getByRole('link', { name: 'Log in' }).waitFor();
});
