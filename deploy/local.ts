/**
 * compose.yaml's topology without containers, from local packages: s3rver as the S3 store, built
 * instances (apps/api/dist/server.js, built first when out of date) on the machine's PostgreSQL,
 * nginx from Debian in front with nginx.conf's rules. The two-instance tests start it through
 * demarrerTopologie(); by hand:
 *   DATABASE_URL=postgres://… [REDIS_URL=redis://…] node --import tsx deploy/local.ts [--instances 2] [--port 8080]
 * Without REDIS_URL it starts a redis-server of its own.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUCKET = 'autopromotion';

export interface Instance {
  port: number;
  child: ChildProcess;
  output(): string;
  /** An app instance's DATA_DIR (its mail without SMTP_URL lands there). */
  dataDir?: string;
  /** How it is stopped: nginx's master stops its workers on SIGTERM, a SIGKILL would leave them running. */
  stopSignal?: NodeJS.Signals;
}

/** Stops a process started here, once it has exited. */
export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill(instance.stopSignal ?? 'SIGKILL');
  await exited;
}

export interface Topologie {
  /** The proxy's address. */
  url: string;
  instances: Instance[];
  /** The topology's own redis-server, when no REDIS_URL was given. */
  redis?: Instance | undefined;
  /** Stops everything and removes the temporary folders. */
  arreter(): Promise<void>;
}

export interface OptionsTopologie {
  databaseUrl: string;
  /** A Redis of the caller's; by default one of the topology's own (redis-server on a free port). */
  redisUrl?: string | undefined;
  instances?: number;
  /** The proxy's port; a free one by default. */
  port?: number;
  /** More environment for every instance (limits, SEED_DEMO…). */
  env?: Record<string, string>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until `url` answers 200, failing early if `alive` says the process is gone. */
async function answers(url: string, alive: () => string | null): Promise<void> {
  for (;;) {
    const gone = alive();
    if (gone !== null) throw new Error(gone);
    const response = await fetch(url).catch(() => null);
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv): Instance & { port: number } {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { port: Number(env.PORT ?? 0), child, output: () => output };
}

/** A redis-server of its own on `port`, keeping nothing on disk, once it accepts connections. */
export async function startRedis(port: number): Promise<Instance> {
  const redis = start(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { ...process.env, PORT: String(port) },
  );
  while (!redis.output().includes('Ready to accept connections')) {
    if (redis.child.exitCode !== null) throw new Error(`redis-server s’est arrêté\u00a0:\n${redis.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return redis;
}

/**
 * Who the client is, told to the instances in X-Forwarded-For: whoever connects, as the product's
 * nginx.conf says (a client's own X-Forwarded-For is replaced, never trusted). The tests' lane
 * through the proxy speaks as clients from several addresses: there, a test-only header names one.
 */
type ClientAddress = 'connection' | 'test-header';

function nginxConf(prefix: string, port: number, upstreams: number[], client: ClientAddress): string {
  const forwarded = client === 'connection' ? '$remote_addr' : '$client_address';
  const named =
    client === 'connection'
      ? ''
      : `  map $http_x_test_client_address $client_address { '' $remote_addr; default $http_x_test_client_address; }\n`;
  return `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_max_body_size 160m;
  client_body_buffer_size 16m;
  proxy_request_buffering off;
  proxy_buffering off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
${named}  upstream produit {
    least_conn;
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location = /metrics { return 404; }
    location / {
      proxy_pass http://produit;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For ${forwarded};
      proxy_next_upstream error timeout http_502;
    }
  }
}
`;
}

/** The S3 settings of a store started by startS3: s3rver takes any key. */
export function s3Settings(port: number) {
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
}

/** s3rver on a free port, keeping its objects under `directory`, with the product's bucket. */
export async function startS3(directory: string): Promise<{ s3: S3rver; port: number }> {
  const port = await freePort();
  const s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
  return { s3, port };
}

/** nginx with nginx.conf's rules in front of `upstreams`, its files under `prefix`, once it answers. */
export async function startNginx(
  prefix: string,
  upstreams: number[],
  options: { port?: number | undefined; client?: ClientAddress } = {},
): Promise<Instance & { url: string }> {
  const port = options.port ?? (await freePort());
  await mkdir(path.join(prefix, 'tmp'), { recursive: true });
  await writeFile(path.join(prefix, 'nginx.conf'), nginxConf(prefix, port, upstreams, options.client ?? 'connection'));
  const nginx = start('nginx', ['-e', 'stderr', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
    ...process.env,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await answers(`${url}/api/health`, () =>
      nginx.child.exitCode === null ? null : `nginx s’est arrêté :\n${nginx.output()}`,
    );
  } catch (error) {
    nginx.child.kill('SIGKILL');
    throw error;
  }
  return { ...nginx, port, url, stopSignal: 'SIGTERM' };
}

export async function demarrerTopologie(options: OptionsTopologie): Promise<Topologie> {
  // The built server, brought up to date (nothing is done when it is).
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), 'api'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`la construction de l’API a échoué\u00a0:\n${build.stderr}`);
  const root = await mkdtemp(path.join(os.tmpdir(), 'topologie-'));
  const children: Instance[] = [];
  let s3: S3rver | undefined;
  const arreter = async () => {
    await Promise.all(children.map(stopInstance));
    await s3?.close();
    await rm(root, { recursive: true, force: true });
  };
  try {
    const store = await startS3(path.join(root, 's3'));
    s3 = store.s3;
    let redisUrl = options.redisUrl;
    let redis: Instance | undefined;
    if (!redisUrl) {
      redis = await startRedis(await freePort());
      children.push(redis);
      redisUrl = `redis://127.0.0.1:${redis.port}`;
    }
    const shared: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: redisUrl,
      S3_ENDPOINT: `http://127.0.0.1:${store.port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const instances: Instance[] = [];
    for (let n = 1; n <= (options.instances ?? 2); n += 1) {
      const port = await freePort();
      const dataDir = path.join(root, `instance-${n}`);
      const instance = start(process.execPath, [path.join(ROOT, 'apps/api/dist/server.js')], {
        ...shared,
        PORT: String(port),
        DATA_DIR: dataDir,
      });
      children.push(instance);
      instances.push({ ...instance, dataDir });
    }
    for (const instance of instances) {
      await answers(`http://127.0.0.1:${instance.port}/api/ready`, () =>
        instance.child.exitCode === null ? null : `une instance s’est arrêtée\u00a0:\n${instance.output()}`,
      );
    }
    const nginx = await startNginx(
      path.join(root, 'nginx'),
      instances.map((i) => i.port),
      { port: options.port },
    );
    children.push(nginx);
    return { url: nginx.url, instances, redis, arreter };
  } catch (error) {
    await arreter();
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { instances: { type: 'string' }, port: { type: 'string' } } });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('DATABASE_URL est requis.');
    process.exit(1);
  }
  const topologie = await demarrerTopologie({
    databaseUrl,
    redisUrl: process.env.REDIS_URL,
    instances: Number(values.instances ?? 2),
    port: Number(values.port ?? 8080),
  });
  console.log(
    `Prêt sur ${topologie.url} (${topologie.instances.length} instances\u00a0: ${topologie.instances.map((i) => i.port).join(', ')})`,
  );
  const stop = () => void topologie.arreter().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
