// Bursts of Stitch pushes (what ./scaleout load import runs with Gatling): BURSTS times, EVERY seconds apart,
// CONCURRENCY virtual users arrive at once and each sends PUSHES POST /v2/import/push back to back. Every body holds
// 1 to MAX_RECORDS records (log-uniform: most batches small, a few large), each record 100 B to 10 KB of JSON
// (log-uniform, envelope included; the envelope alone is about 110 B), and stops under 6 MB (Lambda's payload
// limit). Only a 201 with "status":"OK" passes: a 503 is a failure, Retry-After or not. Requests are named by batch
// size (push 1-9 records, 10-99, ...).
//
// The token is IMPORT_TOKEN (with the CLIENT_ID it belongs to) or a key that setup() makes through
// POST /admin/import-keys with ADMIN_KEY (default the local runtime's local-admin-key) and teardown() revokes.
// Against the local runtime keep MAX_RECORDS near 200: moto takes about 150 writes/s, and a 5,000-record push would
// outlast the function's 29 s timeout.
//
//   k6 run -e BASE_URL=https://... -e IMPORT_TOKEN=... -e CLIENT_ID=42 loadtest/k6/import.js
import http from 'k6/http';
import { check, fail } from 'k6';
import { BASE_URL, SUMMARY_TREND_STATS, any, bursts, intEnv, thresholds } from './common.js';

const BURSTS = intEnv('BURSTS', 6);
const CONCURRENCY = intEnv('CONCURRENCY', 4);
const PUSHES = intEnv('PUSHES', 2);
const EVERY = intEnv('EVERY', 5);
const MAX_RECORDS = Math.max(1, intEnv('MAX_RECORDS', 5000));
const CLIENT_ID = intEnv('CLIENT_ID', 4242);
const ADMIN_KEY = __ENV.ADMIN_KEY || 'local-admin-key';
const MAX_BODY_BYTES = 6000000;
const TABLES = ['orders', 'customers', 'page_views'];
// ASCII only, so that a string's length is its size in bytes
const WORDS = ['amber', 'basalt', 'cobalt', 'dune', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'jade', 'kelp',
  'lagoon', 'meadow', 'nickel', 'onyx', 'prairie', 'quartz', 'river'];

export const options = {
  scenarios: bursts('burst', BURSTS, CONCURRENCY, EVERY, PUSHES),
  // a push answers once every record is stored: a large batch takes seconds even in AWS
  thresholds: thresholds(5000, 15000),
  summaryTrendStats: SUMMARY_TREND_STATS,
};

export function setup() {
  if (__ENV.IMPORT_TOKEN) {
    if (!__ENV.CLIENT_ID) {
      fail('IMPORT_TOKEN needs the CLIENT_ID it belongs to (records carry it)');
    }
    return { token: __ENV.IMPORT_TOKEN, keyId: null };
  }
  const res = http.post(`${BASE_URL}/admin/import-keys`,
    JSON.stringify({ clientId: CLIENT_ID, name: 'k6 import load' }),
    { headers: { 'Content-Type': 'application/json', 'X-Admin-Key': ADMIN_KEY }, tags: { name: 'POST /admin/import-keys' } });
  if (res.status !== 201) {
    fail(`POST /admin/import-keys answered ${res.status} (pass IMPORT_TOKEN and CLIENT_ID where the admin routes are off)`);
  }
  return { token: res.json('token'), keyId: res.json('keyId') };
}

export function teardown(data) {
  if (data.keyId) {
    http.del(`${BASE_URL}/admin/import-keys/${data.keyId}`, null,
      { headers: { 'X-Admin-Key': ADMIN_KEY }, tags: { name: 'DELETE /admin/import-keys/{keyId}' } });
  }
}

// Sequences start at the run's start in microseconds and grow: a later run supersedes an earlier one's keys.
let sequence = Date.now() * 1000 + __VU * 1000000000;

/** Draws from [low, high) so that every order of magnitude is as likely as the next. */
function logUniform(low, high) {
  return Math.floor(low * Math.pow(high / low, Math.random()));
}

function value() {
  switch (Math.floor(Math.random() * 7)) {
    case 0:
    case 1: return Array.from({ length: 1 + Math.floor(Math.random() * 12) }, () => any(WORDS)).join(' ');
    case 2: return Math.floor(Math.random() * 1e15) - 5e14;
    case 3: return Math.round(Math.random() * 1e8) / 100;
    case 4: return Math.random() < 0.33 ? null : Math.random() < 0.5;
    case 5: return Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => Math.floor(Math.random() * 10000));
    default: return { street: `${any(WORDS)} ${any(WORDS)}`, city: any(WORDS), zip: 10000 + Math.floor(Math.random() * 90000) };
  }
}

function record() {
  const target = logUniform(100, 10001);
  sequence += 1;
  const data = { id: Math.floor(Math.random() * 1000000) };
  const envelope = {
    client_id: CLIENT_ID, table_name: any(TABLES), sequence, action: 'upsert', key_names: ['id'], data,
  };
  // the record's size grows by each field's "name":value and a comma, counted as it is added
  let size = JSON.stringify(envelope).length;
  for (let field = 0; size < target; field++) {
    const name = `c${field}`;
    data[name] = value();
    size += name.length + 4 + JSON.stringify(data[name]).length;
  }
  return JSON.stringify(envelope);
}

function body() {
  const wanted = logUniform(1, MAX_RECORDS + 1);
  const records = [];
  let size = 2;
  while (records.length < wanted) {
    const next = record();
    if (size + next.length + 1 > MAX_BODY_BYTES) {
      break;
    }
    records.push(next);
    size += next.length + 1;
  }
  return { json: `[${records.join(',')}]`, records: records.length };
}

function requestName(records) {
  let low = 1;
  while (low * 10 <= records) {
    low *= 10;
  }
  return `push ${low}-${Math.min(low * 10 - 1, MAX_RECORDS)} records`;
}

export default function (data) {
  const push = body();
  const name = requestName(push.records);
  const res = http.post(`${BASE_URL}/v2/import/push`, push.json, {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${data.token}` },
    tags: { name },
    timeout: '60s',
  });
  check(res, {
    'push 201': (r) => r.status === 201,
    'push status OK': (r) => r.status === 201 && r.json('status') === 'OK',
  });
}
