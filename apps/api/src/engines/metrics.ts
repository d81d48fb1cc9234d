import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read when they are scraped. */
export interface MetricsSources {
  /** PostgreSQL's pool: its connections, idle ones and requests waiting for one. */
  pool?: (() => { total: number; idle: number; waiting: number }) | undefined;
  /** When the last verified backup ended, if any. */
  lastVerifiedBackup: () => Promise<Date | null>;
}

/**
 * The instance's metrics in the Prometheus format (METRICS=1, GET /metrics): requests by route and
 * status, their durations, the database pool, job runs and failures, the last verified backup's
 * age, and the process's own (memory, event loop). Routes are labelled by their pattern, never by
 * the address asked (an unknown one is 'inconnue'), so the series stay few.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Requêtes HTTP servies',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Durée des requêtes HTTP',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Exécutions des tâches planifiées',
    labelNames: ['job'],
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Exécutions en échec des tâches planifiées',
    labelNames: ['job'],
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry });
    const { pool, lastVerifiedBackup } = sources;
    if (pool) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Connexions du pool PostgreSQL (total, libres, requêtes en attente)',
        labelNames: ['state'],
        registers: [this.registry],
        collect() {
          const now = pool();
          this.set({ state: 'total' }, now.total);
          this.set({ state: 'idle' }, now.idle);
          this.set({ state: 'waiting' }, now.waiting);
        },
      });
    }
    new Gauge({
      name: 'backup_last_verified_age_seconds',
      help: 'Âge de la dernière sauvegarde vérifiée (+Inf tant qu’il n’y en a pas)',
      registers: [this.registry],
      async collect() {
        const at = await lastVerifiedBackup();
        // None yet is as old as can be: an alert on the age fires.
        this.set(at ? (Date.now() - at.getTime()) / 1000 : Number.POSITIVE_INFINITY);
      },
    });
  }

  /** A job's run, counted with its outcome. */
  job(name: string, ok: boolean): void {
    this.jobRuns.inc({ job: name });
    if (!ok) this.jobFailures.inc({ job: name });
  }

  /** Counts every answer and serves GET /metrics (outside /api: a proxy never forwards it). */
  register(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'inconnue',
        status: String(reply.statusCode),
      };
      this.requests.inc(labels);
      this.durations.observe(labels, reply.elapsedTime / 1000);
    });
    app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
      reply.type(this.registry.contentType).send(await this.registry.metrics()),
    );
  }
}
