// The seed's album client (what ./scaleout load albums runs with Gatling): NUM_THREAD_GROUPS groups of
// THREAD_GROUP_SIZE virtual users, a group every DELAY_SECONDS; each user makes PAIRS x (POST /albums with the
// 120 KB image in loadtest/src/test/resources and a JSON profile, then GET /albums/{albumID} of what it stored).
//
//   k6 run -e BASE_URL=https://... -e THREAD_GROUP_SIZE=10 -e NUM_THREAD_GROUPS=30 loadtest/k6/albums.js
import http from 'k6/http';
import { check } from 'k6';
import { BASE_URL, SUMMARY_TREND_STATS, bursts, intEnv, thresholds } from './common.js';

const THREAD_GROUP_SIZE = intEnv('THREAD_GROUP_SIZE', 10);
const NUM_THREAD_GROUPS = intEnv('NUM_THREAD_GROUPS', 30);
const DELAY_SECONDS = intEnv('DELAY_SECONDS', 2);
const PAIRS = intEnv('PAIRS', 100);
const IMAGE = open('../src/test/resources/album-cover.bin', 'b');
const PROFILE = JSON.stringify({ artist: 'Sex Pistols', title: 'Never Mind The Bollocks!', year: '1977' });

export const options = {
  // one iteration is one pair, so each user of a group runs PAIRS iterations
  scenarios: bursts('group', NUM_THREAD_GROUPS, THREAD_GROUP_SIZE, DELAY_SECONDS, PAIRS),
  // a POST stores a 120 KB image in S3 and a row in DynamoDB; a GET reads the row
  thresholds: thresholds(1000, 2000),
  summaryTrendStats: SUMMARY_TREND_STATS,
};

export default function () {
  const created = http.post(`${BASE_URL}/albums`, {
    image: http.file(IMAGE, 'album-cover.png', 'image/png'),
    profile: PROFILE,
  }, { tags: { name: 'POST /albums' } });
  const stored = check(created, {
    'POST /albums 200': (r) => r.status === 200,
    'POST /albums albumID': (r) => r.status === 200 && typeof r.json('albumID') === 'string',
  });
  if (!stored) {
    return;
  }
  const res = http.get(`${BASE_URL}/albums/${created.json('albumID')}`, { tags: { name: 'GET /albums/{albumID}' } });
  check(res, { 'GET /albums/{albumID} 200': (r) => r.status === 200 });
}
