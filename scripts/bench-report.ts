/** The bench's output: the machine it ran on, the Markdown table, details, and docs/benchmarks.md. */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, release } from 'node:os';
import { join } from 'node:path';
import { concurrency, durationMs, root, warmup } from './bench-config';
import { fmtFixed, fmtInt, markdownTable } from './bench-lib';
import type { RouteResult } from './bench-measure';

/** Where `--record` writes the run. */
export const DOCS = join(root, 'docs/benchmarks.md');
const RECORD_START = '<!-- bench:recorded-run:start -->';
const RECORD_END = '<!-- bench:recorded-run:end -->';

function sh(cmd: string[]): string {
  try {
    const r = Bun.spawnSync(cmd, { cwd: root, stderr: 'ignore' });
    return r.success ? r.stdout.toString().trim() : '';
  } catch {
    return '';
  }
}

/** The machine, commit and build the run measured. */
export function machine() {
  let cpuModel = '';
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? '';
  } catch {
    /* not Linux */
  }
  const commit = sh(['git', 'rev-parse', '--short', 'HEAD']) || 'unknown';
  const dirty = sh(['git', 'status', '--porcelain']) !== '';
  let buildTime = '';
  try {
    buildTime = statSync(join(root, 'dist/server/index.js')).mtime.toISOString();
  } catch {
    /* reported as missing */
  }
  return {
    date: new Date().toISOString(),
    commit,
    dirty,
    nproc: Number(sh(['nproc'])) || availableParallelism(),
    cpuModel: cpuModel || cpus()[0]?.model || 'unknown',
    kernel: release(),
    bun: Bun.version,
    nodeEnv: process.env.NODE_ENV ?? '',
    buildTime,
  };
}

/** The results as a Markdown table. */
export function table(results: RouteResult[]): string {
  const header = ['route', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'HTML bytes', 'inline RSC bytes', 'client JS bytes', 'errors'];
  const rows = results.map((r) => [
    r.route,
    fmtInt(r.reqPerSec),
    fmtFixed(r.p50Ms, 2),
    fmtFixed(r.p99Ms, 2),
    fmtFixed(r.serverCpuMsPerReq, 3),
    r.kind === 'html' ? fmtInt(r.responseBytes) : `- (JSON ${fmtInt(r.responseBytes)})`,
    r.inlineRscBytes === null ? '-' : fmtInt(r.inlineRscBytes),
    r.clientJsBytes === null ? '-' : fmtInt(r.clientJsBytes),
    r.errors === 0
      ? '0'
      : `${r.errors} (${Object.entries(r.errorKinds)
          .map(([k, n]) => `${k}×${n}`)
          .join(', ')})`,
  ]);
  return markdownTable(header, rows);
}

/** The run's setting (date, commit, machine, load) as a Markdown list. */
export function describeRun(m: ReturnType<typeof machine>): string {
  return [
    `- date: ${m.date}`,
    `- commit: ${m.commit}${m.dirty ? ' (working tree has uncommitted changes)' : ''}; build: dist/server/index.js from ${m.buildTime || '?'}`,
    `- machine: ${m.nproc} CPU(s), ${m.cpuModel}, Linux ${m.kernel}`,
    `- Bun ${m.bun}; NODE_ENV=${m.nodeEnv || '(unset)'}; load: ${concurrency} concurrent, ${warmup} warm-up requests, ${durationMs / 1000} s per route; client and server on the same machine over loopback`,
  ].join('\n');
}

/** Per-route details (requests, cores busy, gzip, RSC, JS) as a Markdown list. */
export function details(results: RouteResult[]): string {
  return results
    .map((r) => {
      const parts = [
        `${r.route}${r.title ? ` ("${r.title}")` : ''}: ${fmtInt(r.requests)} requests in ${fmtFixed(r.durationMs / 1000, 2)} s, max ${fmtFixed(r.maxMs, 1)} ms`,
        `cores busy: server ${fmtFixed(r.serverCores, 2)}, load generator ${fmtFixed(r.clientCores, 2)}, other processes ${fmtFixed(r.otherCores, 2)}`,
        `gzip ${fmtInt(r.responseGzipBytes)} B`,
      ];
      if (r.inlineRscBytes !== null) {
        parts.push(
          `RSC ${r.inlineRscChunks} chunk(s), ${fmtInt(r.inlineRscDecodedBytes!)} B decoded (${fmtFixed((100 * r.inlineRscBytes) / r.responseBytes, 0)}% of the HTML)`,
        );
      }
      if (r.clientJsBytes !== null) {
        parts.push(`JS ${r.clientJsFiles.length} file(s), ${fmtInt(r.clientJsGzipBytes!)} B gzip`);
      }
      return `- ${parts.join('; ')}`;
    })
    .join('\n');
}

/** Writes `text` into docs/benchmarks.md, replacing the previously recorded run. */
export function record(text: string): void {
  const block = `${RECORD_START}\n${text}\n${RECORD_END}`;
  let doc = existsSync(DOCS) ? readFileSync(DOCS, 'utf8') : '# Benchmarks\n';
  const a = doc.indexOf(RECORD_START);
  const b = doc.indexOf(RECORD_END);
  if (a !== -1 && b > a) doc = doc.slice(0, a) + block + doc.slice(b + RECORD_END.length);
  else doc = `${doc.trimEnd()}\n\n## Recorded run\n\n${block}\n`;
  writeFileSync(DOCS, doc);
}
