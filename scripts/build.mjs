// npm run build: the web app (Vite, pre-compressed files), the API (one esbuild bundle per entry in
// apps/api/dist) and the embedded database template, each rebuilt only when its sources changed since
// its last build (a hash of them kept in node_modules/.cache). `node scripts/build.mjs [web|api|template] [--force]`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMPS = path.join(ROOT, 'node_modules/.cache/app-build');
const SHARED = [
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
];

const TARGETS = {
  web: {
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
    ],
    output: 'apps/web/dist/index.html',
    build: buildWeb,
  },
  api: {
    inputs: ['apps/api/src', 'apps/api/package.json', 'apps/api/tsconfig.json'],
    output: 'apps/api/dist/server.js',
    build: buildApi,
  },
  // An empty migrated database a first start loads instead of running initdb (apps/api/src/db/template.ts).
  template: {
    inputs: ['apps/api/src/db'],
    output: 'apps/api/dist/pgdata-template.tar',
    build: buildTemplate,
  },
};

/** Builds the targets whose sources changed (or all of them with force); returns the names built. */
export async function build({ targets = Object.keys(TARGETS), force = false } = {}) {
  const built = [];
  for (const name of targets) {
    const target = TARGETS[name];
    const hash = hashOf([...target.inputs, ...SHARED]);
    const stamp = path.join(STAMPS, `${name}.hash`);
    const upToDate = existsSync(path.join(ROOT, target.output)) && readIfExists(stamp) === hash;
    if (upToDate && !force) continue;
    const started = performance.now();
    await target.build();
    mkdirSync(STAMPS, { recursive: true });
    writeFileSync(stamp, hash);
    console.log(`build ${name} : ${Math.round(performance.now() - started)} ms`);
    built.push(name);
  }
  return built;
}

/** One hash of every file under the inputs (paths and contents, in a stable order). */
function hashOf(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(path.join(ROOT, input))) {
      hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

function filesUnder(entry) {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function readIfExists(file) {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

function buildWeb() {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error("échec de la construction de l'application web");
}

function buildApi() {
  return bundle({
    entryPoints: [
      'apps/api/src/server.ts',
      'apps/api/src/create-admin.ts',
      'apps/api/src/check-ledger.ts',
      'apps/api/src/check-audit.ts',
      'apps/api/src/backup.ts',
      'apps/api/src/restore.ts',
      'apps/api/src/media-migrate.ts',
      // The XLSX export's thread, beside the server that starts it (dist/xlsx-worker.js).
      { in: 'apps/api/src/modules/exports/xlsx-worker.ts', out: 'xlsx-worker' },
    ].map((f) => (typeof f === 'string' ? path.join(ROOT, f) : { in: path.join(ROOT, f.in), out: f.out })),
    outdir: path.join(ROOT, 'apps/api/dist'),
  });
}

async function buildTemplate() {
  const outdir = path.join(STAMPS, 'template');
  await bundle({
    stdin: {
      contents: 'import { writeTemplate } from "./template.ts"; await writeTemplate(process.argv[2]);',
      resolveDir: path.join(ROOT, 'apps/api/src/db'),
      loader: 'ts',
    },
    outdir,
  });
  const output = path.join(ROOT, TARGETS.template.output);
  mkdirSync(path.dirname(output), { recursive: true });
  const result = spawnSync(process.execPath, [path.join(outdir, 'stdin.js'), output], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('échec de la création de la base modèle');
}

async function bundle(options) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    ...options,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [dependenciesOutside, sourceDirname(options.outdir)],
  });
}

/** node_modules stay outside the bundle (PGlite loads its WASM beside itself); the workspace's @app/shared goes in. */
const dependenciesOutside = {
  name: 'dependencies-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { external: true }));
  },
};

/** import.meta.dirname keeps naming the source file's folder once bundled (the seed's media, the web build). */
function sourceDirname(outdir) {
  return {
    name: 'source-dirname',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.dirname')) return undefined;
        const relative = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
        return {
          contents: source.replaceAll('import.meta.dirname', `(import.meta.dirname + '/${relative}')`),
          loader: 'ts',
        };
      });
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const targets = args.filter((a) => a in TARGETS);
  await build({ targets: targets.length ? targets : undefined, force: args.includes('--force') });
}
