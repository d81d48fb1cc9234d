// npm start: builds what changed since the last build (nothing, usually), then runs the built
// server in this same process, so that signals (SIGTERM from a service manager) reach it directly.
import { build } from './build.mjs';

await build();
process.setSourceMapsEnabled(true);
await import('../apps/api/dist/server.js');
