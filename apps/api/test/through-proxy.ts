import http from 'node:http';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { freePort, s3Settings, startNginx, startRedis, startS3, stopInstance } from '../../../deploy/local.ts';
import type { App } from '../src/app.ts';
import type { Config } from '../src/config.ts';

/**
 * TEST_THROUGH_PROXY=1, with DATABASE_URL (issue 25): each test file's app is two instances on its
 * PostgreSQL schema behind nginx, counting their limits in a redis-server of the file's own and
 * keeping their files in an s3rver of its own; every request of the file goes through the proxy,
 * which spreads them over both.
 */
export const THROUGH_PROXY = process.env.TEST_THROUGH_PROXY === '1' && Boolean(process.env.DATABASE_URL);

/** What the file's two instances share beyond the database; `stop` ends it all. */
export interface ProxyEngines {
  config: Partial<Config>;
  stop(): Promise<void>;
}

/** The file's own Redis and S3 store. */
export async function startEngines(dataDir: string): Promise<ProxyEngines> {
  const redis = await startRedis(await freePort());
  const store = await startS3(path.join(dataDir, 's3'));
  return {
    config: {
      redisUrl: `redis://127.0.0.1:${redis.port}`,
      s3: s3Settings(store.port),
      // The client's address as nginx forwards it, as in production (TRUST_PROXY=1).
      trustProxy: '127.0.0.1',
    },
    async stop() {
      await stopInstance(redis);
      await store.s3.close();
    },
  };
}

const agent = new http.Agent({ keepAlive: true });

/** One request as app.inject takes it, sent over HTTP to `base`; its answer as app.inject gives it. */
async function send(base: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  const url = new URL(String(options.url ?? options.path ?? '/'), base);
  for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, string | string[]>)) {
    for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, one);
  }
  const headers: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
  }
  const given = options.payload ?? options.body;
  let body: Buffer | undefined;
  if (Buffer.isBuffer(given)) body = given;
  else if (typeof given === 'string') body = Buffer.from(given);
  else if (given !== undefined && given !== null) {
    body = Buffer.from(JSON.stringify(given));
    headers['content-type'] ??= 'application/json';
  }
  if (body) headers['content-length'] = String(body.length);
  if (options.remoteAddress) headers['x-test-client-address'] = options.remoteAddress;
  const {
    status,
    headers: answered,
    raw,
  } = await new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    raw: Buffer;
  }>((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, raw: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
  const text = raw.toString('utf8');
  return {
    statusCode: status,
    statusMessage: '',
    headers: answered,
    rawPayload: raw,
    payload: text,
    body: text,
    trailers: {},
    cookies: [],
    raw: { req: {}, res: {} },
    json: () => JSON.parse(text),
    stream: () => {
      throw new Error('stream() n’est pas disponible à travers le proxy');
    },
  } as unknown as LightMyRequestResponse;
}

/**
 * A settings change reaches the other instance by a notice, a few milliseconds later (as in
 * production); a test's next request may go to the one that has not heard yet, so it waits until
 * both instances hold the same (the one that took the change holds it at once).
 */
async function settingsReached(first: App, second: App): Promise<void> {
  const differ = async () => JSON.stringify(await first.settings.get()) !== JSON.stringify(await second.settings.get());
  for (let tries = 0; await differ(); tries += 1) {
    if (tries > 1000) throw new Error('le changement des paramètres n’a pas atteint la seconde instance');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The file's two instances behind nginx; the first, whose `inject` goes through the proxy, stands for
 * both in the tests (its settings, its log, its routes' rights are the other's too).
 */
export async function behindProxy(
  dataDir: string,
  first: App,
  second: App,
): Promise<{ app: App; url: string; stop(): Promise<void> }> {
  const ports: number[] = [];
  for (const app of [first, second]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('instance sans port');
    ports.push(address.port);
  }
  const nginx = await startNginx(path.join(dataDir, 'nginx'), ports, { client: 'test-header' });
  const inject = async (given: InjectOptions | string) => {
    const options = typeof given === 'string' ? { url: given } : given;
    const response = await send(nginx.url, options);
    if (options.method === 'PUT' && options.url === '/api/settings' && response.statusCode === 200) {
      await settingsReached(first, second);
    }
    return response;
  };
  const app = new Proxy(first, {
    get: (target, property) => (property === 'inject' ? inject : Reflect.get(target, property, target)),
  });
  return {
    app,
    url: nginx.url,
    async stop() {
      await stopInstance(nginx);
    },
  };
}
