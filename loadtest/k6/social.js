// The social API's "scalability runoff" (what ./scaleout load social runs with Gatling): USERS clients arrive over
// RAMP seconds and hold for DURATION seconds. Each registers its own account, logs in, follows FOLLOWS accounts
// registered earlier in the run, then loops over a read-heavy mix with a pause of 0 to 2 x THINK_MS between actions.
//
// The mix: 95 % reads, 5 % tweets, 19 reads per write, as in SocialSimulation (whose comment gives the reasons:
// Twitter's timelines ran at about 50 reads per write in 2012; a short run sits nearer the writes so that the fanout
// and the search index carry load).
//
// k6's virtual users share no memory, unlike Gatling's: the "accounts registered earlier" are SEED_ACCOUNTS accounts
// that setup() registers before the run, whose names every client receives.
//
//   k6 run -e BASE_URL=https://... -e USERS=200 -e RAMP=60 -e DURATION=120 loadtest/k6/social.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { BASE_URL, SUMMARY_TREND_STATS, any, intEnv, sample, thresholds, weighted } from './common.js';

const USERS = intEnv('USERS', 20);
const RAMP = intEnv('RAMP', 20);
const DURATION = intEnv('DURATION', 40);
const FOLLOWS = intEnv('FOLLOWS', 3);
const THINK_MS = intEnv('THINK_MS', 500);
const SEED_ACCOUNTS = intEnv('SEED_ACCOUNTS', 10);
const PASSWORD = 'load-test-password';
const HASHTAGS = ['scaleout', 'gatling', 'serverless', 'java', 'dynamodb'];
const PHRASES = ['shipping the timeline today', 'load testing on lambda', 'coffee then code review',
  'streams keep the fanout honest', 'redis answered in a millisecond', 'reading the whole home page'];
// words of the phrases that search indexes (not "the", "on" or "then": a query of stop words alone is a 400)
const SEARCH_WORDS = ['shipping', 'timeline', 'testing', 'lambda', 'coffee', 'code', 'review', 'streams', 'fanout',
  'honest', 'redis', 'millisecond', 'reading', 'home', 'page'];
const JSON_HEADERS = { 'Content-Type': 'application/json' };

export const options = {
  scenarios: {
    social: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: `${RAMP}s`, target: USERS },
        { duration: `${DURATION}s`, target: USERS },
      ],
      gracefulRampDown: '10s',
    },
  },
  // sign-up and log-in hash a password (BCrypt), the rest are single-digit-millisecond reads in AWS
  thresholds: thresholds(800, 2000),
  summaryTrendStats: SUMMARY_TREND_STATS,
};

/** Registers the accounts every client may follow; usernames are unique to the run (^[A-Za-z0-9_]{3,15}$). */
export function setup() {
  const tag = Date.now().toString(36); // 8 characters until the year 2059
  const accounts = [];
  for (let i = 1; i <= SEED_ACCOUNTS; i++) {
    const username = `${tag}s${i}`;
    const res = http.post(`${BASE_URL}/users`, JSON.stringify({ username, password: PASSWORD }),
      { headers: JSON_HEADERS, tags: { name: 'POST /users' } });
    check(res, { 'POST /users 201': (r) => r.status === 201 });
    accounts.push(username);
  }
  return { tag, accounts };
}

// This virtual user's account, token and followees, made on its first iteration.
let me = null;

function signUp(data) {
  const username = `${data.tag}_${__VU}`;
  const body = JSON.stringify({ username, password: PASSWORD });
  const created = http.post(`${BASE_URL}/users`, body, { headers: JSON_HEADERS, tags: { name: 'POST /users' } });
  check(created, { 'POST /users 201': (r) => r.status === 201 });
  const session = http.post(`${BASE_URL}/sessions`, body, { headers: JSON_HEADERS, tags: { name: 'POST /sessions' } });
  if (!check(session, { 'POST /sessions 201': (r) => r.status === 201 })) {
    return null;
  }
  const auth = { Authorization: `Bearer ${session.json('token')}` };
  const followees = sample(data.accounts, FOLLOWS);
  for (const followee of followees) {
    const res = http.put(`${BASE_URL}/me/following/${followee}`, null,
      { headers: auth, tags: { name: 'PUT /me/following/{username}' } });
    check(res, { 'PUT /me/following 204': (r) => r.status === 204 });
  }
  return { username, auth, followees };
}

function get(name, path, headers) {
  const res = http.get(`${BASE_URL}${path}`, { headers, tags: { name } });
  check(res, { [`${name} 200`]: (r) => r.status === 200 });
}

function tweet() {
  const mention = me.followees.length > 0 ? ` @${any(me.followees)}` : '';
  const text = `${any(PHRASES)} #${any(HASHTAGS)}${mention}`;
  const res = http.post(`${BASE_URL}/tweets`, JSON.stringify({ text }),
    { headers: Object.assign({}, JSON_HEADERS, me.auth), tags: { name: 'POST /tweets' } });
  check(res, { 'POST /tweets 201': (r) => r.status === 201 });
}

function searchQuery() {
  const word = any(SEARCH_WORDS);
  switch (Math.floor(Math.random() * 4)) {
    case 0: return word;
    case 1: return `#${any(HASHTAGS)}`;
    case 2: return `${word} #${any(HASHTAGS)}`;
    default: return me.followees.length > 0 ? `@${any(me.followees)}` : word;
  }
}

export default function (data) {
  if (me === null) {
    me = signUp(data);
    if (me === null) {
      sleep(1);
      return;
    }
  }
  sleep((Math.random() * 2 * THINK_MS) / 1000);
  const someone = data.accounts.length > 0 ? any(data.accounts) : me.username;
  const action = weighted([
    [35, () => get('GET /timeline', '/timeline', me.auth)],
    [15, () => get('GET /tweets/recent', '/tweets/recent')],
    [12, () => get('GET /search', `/search?q=${encodeURIComponent(searchQuery())}`)],
    [12, () => get('GET /users/{username}', `/users/${someone}`)],
    [8, () => get('GET /users/{username}/tweets', `/users/${someone}/tweets`)],
    [8, () => get('GET /hashtags/{tag}/tweets', `/hashtags/${any(HASHTAGS)}/tweets`)],
    [5, () => get('GET /me', '/me', me.auth)],
    [5, tweet],
  ]);
  action();
}
