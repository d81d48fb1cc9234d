import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metrics } from '../src/engines/metrics.ts';
import { backupEnded, buildTestApp, loginAs, type TestContext } from './helpers.ts';

/** GET /metrics (METRICS=1) in the Prometheus format, for the operator's scraper, never the proxy's clients. */
describe('metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // One instance's own endpoint: the proxy never forwards it.
    ctx = await buildTestApp({ metrics: true }, { alone: true });
  });
  afterAll(async () => {
    await ctx.close();
  });
  const scrape = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it('counts the answers by route pattern and status, and times them', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/sites/999999', headers: auth });
    await ctx.app.inject({ method: 'GET', url: '/api/pas-une-route' });
    const text = await scrape();
    expect(text).toContain('http_requests_total{method="GET",route="/api/health",status="200"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="/api/sites/:id",status="404"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="inconnue",status="404"} 1');
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 2/);
    expect(text).toContain('process_resident_memory_bytes');
    // No backup yet: as old as can be.
    expect(text).toMatch(/^backup_last_verified_age_seconds \+Inf$/m);
    if (process.env.DATABASE_URL) expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
  });

  it('gives the last verified backup’s age once there is one', async () => {
    const { auth } = await loginAs(ctx, 'admin');
    const started = await ctx.app.inject({ method: 'POST', url: '/api/sauvegardes', headers: auth });
    expect(started.statusCode, started.body).toBe(202);
    expect((await backupEnded(ctx, auth, started.json().data.id)).statut).toBe('verifiee');
    expect(await scrape()).toMatch(/^backup_last_verified_age_seconds \d+(\.\d+)?(e[-+]\d+)?$/m);
  }, 120_000);

  it('counts each job’s runs and failures', async () => {
    const metrics = new Metrics({ lastVerifiedBackup: async () => null });
    metrics.job('rappels', true);
    metrics.job('rappels', false);
    const text = await metrics.registry.metrics();
    expect(text).toContain('job_runs_total{job="rappels"} 2');
    expect(text).toContain('job_failures_total{job="rappels"} 1');
  });

  it('is not served unless METRICS=1', async () => {
    const off = await buildTestApp({}, { alone: true });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
