/** One route's run: a sample request (sanity check, page weight), a warm-up, then the measured load. */
import {
  byteLength,
  clientJsUrls,
  inlineRscPayload,
  percentile,
  procCpuTicks,
  runLoad,
  systemCpuTicks,
  type LoadResult,
} from './bench-lib';
import { BenchError, concurrency, durationMs, maxRequests, timeoutMs, warmup } from './bench-config';
import type { Route } from './bench-routes';

/** Everything measured for one route. */
export interface RouteResult {
  route: string;
  kind: 'html' | 'api';
  requests: number;
  durationMs: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  errorKinds: Record<string, number>;
  serverCpuMsPerReq: number;
  /** Server CPU time / wall time of the run: cores the server kept busy. */
  serverCores: number;
  /** Load generator (this process) CPU time / wall time of the run. */
  clientCores: number;
  /** Cores kept busy by everything else on the machine during the run (noise). */
  otherCores: number;
  /** <title> of the sample page (shows which page was measured). */
  title: string | null;
  responseBytes: number;
  responseGzipBytes: number;
  inlineRscBytes: number | null;
  inlineRscDecodedBytes: number | null;
  inlineRscChunks: number | null;
  clientJsBytes: number | null;
  clientJsGzipBytes: number | null;
  clientJsFiles: string[];
}

const jsSizeCache = new Map<string, { bytes: number; gzip: number }>();

async function clientJsSize(base: string, urls: string[]): Promise<{ bytes: number; gzip: number }> {
  let bytes = 0;
  let gzip = 0;
  for (const u of urls) {
    let size = jsSizeCache.get(u);
    if (!size) {
      const res = await fetch(base + u, { signal: AbortSignal.timeout(timeoutMs) });
      const buf = new Uint8Array(await res.arrayBuffer());
      if (res.status !== 200) throw new BenchError(`client asset ${u} answered HTTP ${res.status}`);
      size = { bytes: buf.byteLength, gzip: Bun.gzipSync(buf).byteLength };
      jsSizeCache.set(u, size);
    }
    bytes += size.bytes;
    gzip += size.gzip;
  }
  return { bytes, gzip };
}

/** Runs `route` against the server at `base` (pid `pid`, for its CPU time). */
export async function benchRoute(base: string, route: Route, pid: number, ticksPerSec: number): Promise<RouteResult> {
  const url = base + route.path;

  // One sample request: sanity check and page weight.
  const sample = await fetch(url, { headers: route.headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  const body = await sample.text();
  route.check(sample, body);
  const responseBytes = byteLength(body);
  const responseGzipBytes = Bun.gzipSync(new TextEncoder().encode(body)).byteLength;
  let rsc: ReturnType<typeof inlineRscPayload> | null = null;
  let js: { bytes: number; gzip: number } | null = null;
  let jsFiles: string[] = [];
  if (route.kind === 'html') {
    rsc = inlineRscPayload(body);
    jsFiles = clientJsUrls(body);
    js = await clientJsSize(base, jsFiles);
  }

  const load = (durMs: number, max: number): Promise<LoadResult> =>
    runLoad({ url, headers: route.headers, concurrency, durationMs: durMs, maxRequests: max, timeoutMs });

  // Warm-up: fixed count (also bounded by time so a broken route cannot hang the run).
  await load(Math.max(30_000, durationMs), warmup);

  const sys0 = systemCpuTicks();
  const ticks0 = procCpuTicks(pid);
  const client0 = process.cpuUsage();
  const r = await load(durationMs, maxRequests);
  const client1 = process.cpuUsage(client0);
  const ticks1 = procCpuTicks(pid);
  const sys1 = systemCpuTicks();

  const serverCpuMs = ((ticks1 - ticks0) * 1000) / ticksPerSec;
  const clientCpuMs = (client1.user + client1.system) / 1000;
  return {
    route: route.name,
    kind: route.kind,
    requests: r.requests,
    durationMs: r.elapsedMs,
    reqPerSec: (r.requests * 1000) / r.elapsedMs,
    p50Ms: percentile(r.latencies, 0.5),
    p99Ms: percentile(r.latencies, 0.99),
    maxMs: percentile(r.latencies, 1),
    errors: r.errors,
    errorKinds: r.errorKinds,
    serverCpuMsPerReq: r.requests > 0 ? serverCpuMs / r.requests : NaN,
    serverCores: serverCpuMs / r.elapsedMs,
    clientCores: clientCpuMs / r.elapsedMs,
    otherCores: Math.max(
      0,
      ((sys1.busy - sys0.busy) * 1000) / ticksPerSec / r.elapsedMs - serverCpuMs / r.elapsedMs - clientCpuMs / r.elapsedMs,
    ),
    title: route.kind === 'html' ? (/<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1] ?? '') : null,
    responseBytes,
    responseGzipBytes,
    inlineRscBytes: rsc ? rsc.wireBytes : null,
    inlineRscDecodedBytes: rsc ? rsc.payloadBytes : null,
    inlineRscChunks: rsc ? rsc.chunks : null,
    clientJsBytes: js ? js.bytes : null,
    clientJsGzipBytes: js ? js.gzip : null,
    clientJsFiles: jsFiles,
  };
}
