import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

import type { JobOutcome } from '../jobs/queue';
import type { PlatformCallObserver } from '../platforms/types';

/**
 * The server's Prometheus metrics (prom-client), on a registry of their own: never prom-client's
 * global default registry, so every app built in one process (tests build many) counts alone.
 *
 * Every label takes values from a closed set (route patterns, job ids, platforms, error kinds,
 * HTTP methods and statuses), never from what a caller sends, so the number of series stays bounded.
 * GET /api/metrics (plugins/prometheus.ts) serves them.
 */

/** Route label of a request no route matched (the not-found handler, unparsable URLs). */
export const UNMATCHED_ROUTE = 'not_found';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds; an API request is expected well under a second. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; a job may page through a platform's report for minutes. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];
/** Seconds; one HTTP exchange with a platform, up to its timeout (PLATFORM_TIMEOUT_MS, 30 s by default). */
const PLATFORM_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60];

export interface RequestLabels {
  method: string;
  /** The route's URL pattern (/api/dashboard/campaigns/:id/ads/), or UNMATCHED_ROUTE. */
  route: string;
  status: number;
}

export interface Metrics {
  /** Holds every metric below plus prom-client's default process metrics. */
  readonly registry: Registry;
  /** The Content-Type of `render()`'s output (Prometheus text exposition format). */
  readonly contentType: string;
  /** The current values in the Prometheus text exposition format. */
  render(): Promise<string>;
  readonly http: {
    /** One answered request; registerRequestMetrics calls it for every response. */
    observe(labels: RequestLabels, seconds: number): void;
  };
  readonly jobs: {
    /** One run of a job; a plain function, so it can be passed as createJobQueue's `observeJob`. */
    observe(queue: string, outcome: JobOutcome, seconds: number): void;
  };
  /** For the platform clients' runtime: `createRuntime({ observe: metrics.platformObserver })`. */
  readonly platformObserver: PlatformCallObserver;
}

/** A new registry with the HTTP, job and platform metrics and the default process metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const httpRequests = new Counter({
    name: 'adwise_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'adwise_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to having sent its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const jobRuns = new Counter({
    name: 'adwise_jobs_total',
    help: 'Job runs, by queue and outcome (completed or failed); each retry is a run.',
    labelNames: ['queue', 'outcome'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'adwise_job_duration_seconds',
    help: 'Time one job run took, by queue and outcome.',
    labelNames: ['queue', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  const platformCalls = new Counter({
    name: 'adwise_platform_calls_total',
    help: 'HTTP exchanges with ad platforms, by platform, outcome (ok or error) and error kind (none when ok).',
    labelNames: ['platform', 'outcome', 'kind'] as const,
    registers,
  });
  const platformDuration = new Histogram({
    name: 'adwise_platform_call_duration_seconds',
    help: 'Time one exchange with an ad platform took, body included, by platform and outcome.',
    labelNames: ['platform', 'outcome'] as const,
    buckets: PLATFORM_BUCKETS,
    registers,
  });
  const platformRetries = new Counter({
    name: 'adwise_platform_retries_total',
    help: 'Retries of ad platform calls, by platform and the kind of error that caused them.',
    labelNames: ['platform', 'kind'] as const,
    registers,
  });

  return {
    registry,
    contentType: registry.contentType,
    render: () => registry.metrics(),
    http: {
      observe: ({ method, route, status }, seconds) => {
        const labels = { method: METHODS.has(method) ? method : 'other', route, status: String(status) };
        httpRequests.inc(labels);
        httpDuration.observe(labels, seconds);
      },
    },
    jobs: {
      observe: (queue, outcome, seconds) => {
        jobRuns.inc({ queue, outcome });
        jobDuration.observe({ queue, outcome }, seconds);
      },
    },
    platformObserver: {
      call: ({ platform, outcome, kind, durationMs }) => {
        platformCalls.inc({ platform, outcome, kind: kind ?? 'none' });
        platformDuration.observe({ platform, outcome }, durationMs / 1000);
      },
      retry: ({ platform, kind }) => {
        platformRetries.inc({ platform, kind });
      },
    },
  };
}

/** The route label of a request: its route's URL pattern, never the URL it was called with. */
export function routeLabel(request: FastifyRequest): string {
  if (request.is404) return UNMATCHED_ROUTE;
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * Counts and times every response of `app` (all routes, the not-found handler, errors and 429s
 * included). Call it on the root instance right after creating it, before any plugin is registered.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.http.observe(
      { method: request.method, route: routeLabel(request), status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
}
