import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, one registry per app (tests build several apps in one
 * process). Labels are route patterns, methods, status classes and job names only: never a user,
 * a report, a token, an address or a concrete URL.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'candor_' });
  return {
    registry,
    httpRequests: new Counter({
      name: 'candor_http_requests_total',
      help: 'Answered HTTP requests, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'candor_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    liveSockets: new Gauge({
      name: 'candor_live_sockets',
      help: 'Live notification sockets open on this process',
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'candor_job_runs_total',
      help: 'Scheduled job runs started by this process, by job and result',
      labelNames: ['job', 'result'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
