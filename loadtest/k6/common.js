// What the three scripts share: parameters from the environment (k6 run -e NAME=value), thresholds, summary.

/** An integer parameter: -e NAME=value, else the default. */
export function intEnv(name, defaultValue) {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') {
    return defaultValue;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer, not "${raw}"`);
  }
  return value;
}

/** The API under load, without a trailing slash: BASE_URL, else the local runtime's default port. */
export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');

/**
 * The run fails (k6 exits 99) when more than MAX_FAILED_RATE of the requests failed (default 0: any failure), when
 * any check failed, or when the 95th / 99th percentile of request durations reaches P95_MS / P99_MS. The defaults
 * passed in are targets for a deployed stage; a shared 2-core machine running the local stack needs larger ones.
 */
export function thresholds(p95Ms, p99Ms) {
  const maxFailed = Number(__ENV.MAX_FAILED_RATE || 0);
  return {
    http_req_failed: [maxFailed === 0 ? 'rate==0' : `rate<=${maxFailed}`],
    checks: ['rate==1'],
    http_req_duration: [`p(95)<${intEnv('P95_MS', p95Ms)}`, `p(99)<${intEnv('P99_MS', p99Ms)}`],
  };
}

/** The end-of-test summary shows p99 beside the median and p95 (k6 shows p90 and p95 by default). */
export const SUMMARY_TREND_STATS = ['count', 'min', 'med', 'avg', 'p(95)', 'p(99)', 'max'];

/** A random element. */
export function any(values) {
  return values[Math.floor(Math.random() * values.length)];
}

/** Up to n distinct elements, at random (a partial Fisher-Yates shuffle of a copy). */
export function sample(values, n) {
  const copy = [...values];
  const count = Math.min(n, copy.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(Math.random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

/** The first choice whose cumulative weight passes a random draw: [[weight, value], ...], weights summing to 100. */
export function weighted(choices) {
  let draw = Math.random() * 100;
  for (const [weight, value] of choices) {
    draw -= weight;
    if (draw < 0) {
      return value;
    }
  }
  return choices[choices.length - 1][1];
}

/** n groups of size VUs, gap seconds apart, each VU running iterations times: the seed's thread groups, Siege's bursts. */
export function bursts(prefix, count, size, gapSeconds, iterations) {
  const scenarios = {};
  for (let i = 0; i < count; i++) {
    scenarios[`${prefix}_${i + 1}`] = {
      executor: 'per-vu-iterations',
      vus: size,
      iterations,
      startTime: `${i * gapSeconds}s`,
      maxDuration: '10m',
    };
  }
  return scenarios;
}
