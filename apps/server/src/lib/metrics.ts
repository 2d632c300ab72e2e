import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, one registry per app (tests build several apps in one
 * process). Labels are route patterns, methods, status classes and job names only: never a user,
 * a report, a token, an address or a concrete URL.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'candor_' });
  let outboxSource: (() => Promise<{ pending: number; failed: number }>) | undefined;
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
    mailSent: new Counter({
      name: 'candor_mail_sent_total',
      help: 'Messages the SMTP server accepted from this process, by kind',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    mailRefused: new Counter({
      name: 'candor_mail_refused_total',
      help: 'Tries the SMTP server refused (or could not be reached for), by kind',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    mailFailed: new Counter({
      name: 'candor_mail_failed_total',
      help: 'Messages given up after their last try by this process, by kind',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    mailOutbox: new Gauge({
      name: 'candor_mail_outbox',
      help: 'Messages in the outbox, all processes together: pending, and failed after the last try',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        if (!outboxSource) return;
        const counts = await outboxSource();
        this.set({ state: 'pending' }, counts.pending);
        this.set({ state: 'failed' }, counts.failed);
      },
    }),
    /** Where `candor_mail_outbox` reads its counts (the database), when mail is on. */
    watchOutbox(source: () => Promise<{ pending: number; failed: number }>) {
      outboxSource = source;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
