import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorSummary } from '../lib/logger';
import { createScheduler, type JobDefinition, type Scheduler } from '../lib/scheduler';
import { mailOutboxJob } from '../modules/outbox/outbox';
import { ownerQueueJob } from '../modules/owners/owner-queue';
import { deadlineRemindersJob } from '../modules/reports/deadline-reminders';
import { evidenceSweepJob } from '../modules/reports/evidence-cleanup';
import { retentionJob } from '../modules/retention/retention.service';

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

/**
 * Every scheduled job of the app, run by the one scheduler (lib/scheduler.ts), whose slots are
 * shared by every server process through `scheduled_jobs`. A new job is one line in `jobsOf`
 * (docs/design.md "Scheduled jobs").
 */
function jobsOf(app: FastifyInstance): JobDefinition[] {
  const jobs = [
    evidenceSweepJob(app.ctx),
    retentionJob(app.ctx),
    deadlineRemindersJob(app.ctx),
    ownerQueueJob(app.ctx),
    mailOutboxJob(app.ctx),
  ];
  return jobs.filter((job): job is JobDefinition => job !== null);
}

export const schedulerPlugin = fp(async (app: FastifyInstance) => {
  const { ctx } = app;
  const scheduler = createScheduler({
    db: ctx.db,
    clock: ctx.clock,
    tickMs: ctx.config.scheduler.tickMs,
    onRun: (outcome) => {
      ctx.metrics.jobRuns.inc({ job: outcome.job, result: outcome.result });
      if (outcome.result === 'failed') {
        app.log.warn({ job: outcome.job }, 'scheduled job failed');
      } else if (outcome.detail) {
        app.log.info({ job: outcome.job, detail: outcome.detail }, 'scheduled job ran');
      }
    },
    onError: (error, job) =>
      app.log.warn({ error: errorSummary(error), job }, 'scheduled job error'),
  });
  for (const job of jobsOf(app)) scheduler.register(job);
  app.decorate('scheduler', scheduler);
  app.addHook('onReady', async () => {
    await scheduler.start();
  });
  app.addHook('preClose', async () => {
    await scheduler.stop();
  });
});
