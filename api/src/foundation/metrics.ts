import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics, in Prometheus's text at GET /metrics (health/metricsRoute.ts). Node's own
 * (CPU, memory, garbage collection, event-loop lag: nodejs_eventloop_lag_*) are collected; each
 * part of the app adds its own to this registry. docs/operations.md#metrics lists them.
 */
export const metrics = new Registry();
collectDefaultMetrics({ register: metrics });

/** Every answered request, by method, route pattern (never a path) and status: middleware/requestLog.ts. */
export const requestsTotal = new Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const, registers: [metrics] });

export const requestSeconds = new Histogram({ name: 'http_request_duration_seconds',
  help: 'Time from a request\'s arrival to the end of its answer, by method and route pattern (imports and exports included)',
  labelNames: ['method', 'route'] as const, buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metrics] });

/** Answers of 503 database_unavailable, by why: a statement past its time, no free connection, or no answer at all. */
export const databaseUnavailable = new Counter({ name: 'database_unavailable_answers_total',
  help: 'Requests answered 503 because the database did not answer: statement_timeout, pool_timeout or unreachable',
  labelNames: ['reason'] as const, registers: [metrics] });

const jobRuns = new Counter({ name: 'job_runs_total', help: 'Runs of the scheduled jobs, by job and result (ok, failed)',
  labelNames: ['job', 'result'] as const, registers: [metrics] });
const jobSeconds = new Histogram({ name: 'job_run_duration_seconds', help: 'How long a scheduled job\'s run took',
  labelNames: ['job'] as const, buckets: [0.1, 0.5, 1, 5, 15, 60, 300], registers: [metrics] });

/** A scheduled job's work, counted and timed under `job` (its failures are counted, then thrown on). */
export function measuredJob(job: string, work: () => Promise<unknown>): () => Promise<void> {
  return async () => {
    const end = jobSeconds.startTimer({ job });
    try {
      await work();
      jobRuns.inc({ job, result: 'ok' });
    } catch (err) {
      jobRuns.inc({ job, result: 'failed' });
      throw err;
    } finally {
      end();
    }
  };
}
