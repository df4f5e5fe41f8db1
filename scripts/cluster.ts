/**
 * `npm run cluster`: the portal as it runs in production, on this machine. PostgreSQL (a throwaway
 * server on loopback), s3rver, three instances of the built portal and nginx round-robin in front
 * (scripts/cluster). Prints the URL; Ctrl-C stops everything it started and removes its folder.
 *
 *   bun scripts/cluster.ts [--instances N] [--port P] [--host 0.0.0.0] [--keep] [--quiet]
 *
 * `npm run cluster` also installs what is missing first: npm packages, the build, and the Debian
 * packages postgresql and nginx.
 */
import { parseArgs } from 'node:util';
import { startCluster, stopClusters } from './cluster/index';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.CLUSTER_PORT ?? '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    keep: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error('--instances must be a whole number from 1 to 16');
  process.exit(2);
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\n[cluster] stopping nginx, the instances, s3rver and PostgreSQL…');
  await stopClusters();
  console.log(values.keep ? '[cluster] stopped; logs kept' : '[cluster] stopped, nothing left behind');
  process.exit(0);
};
// Also during the start: whatever has started so far is stopped.
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

console.log(`[cluster] starting PostgreSQL, s3rver, ${instances} instances and nginx…`);
const started = Date.now();
const cluster = await startCluster({
  instances,
  proxyPort: Number(values.port),
  proxyHost: values.host,
  echo: !values.quiet,
  keep: values.keep,
}).catch((err) => {
  if (stopping) return new Promise<never>(() => {}); // stop() exits
  console.error(`[cluster] could not start: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});

console.log(`
Member portal cluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${cluster.url}
  proxy      nginx round-robin, config ${cluster.dir}/nginx.conf, access log ${cluster.dir}/nginx-access.log
  instances  ${cluster.instances.map((p) => `${p.name} ${p.url}`).join(', ')}
  database   ${cluster.databaseUrl}
  store      ${cluster.s3.config.endpoint}/${cluster.s3.config.bucket} (direct browser uploads on)
  outbox     ${cluster.outboxDir} (codes and notices of every instance; page ${cluster.url}/dev/outbox)
  logins     demo / Demo#2026, manager / Manager#2026, operator / Operator#2026
Every answer names its instance in the x-portal-instance header. Ctrl-C stops everything.
`);
