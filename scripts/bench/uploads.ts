/**
 * Upload benchmark (#7): time and peak memory of the server receiving one 50 MB file, then 20
 * parallel 5 MB files, through POST /userapi/v1/index/upload (local mode, streamed to disk).
 *
 *   bun scripts/bench/uploads.ts            (or `bun run bench --area uploads`)
 *
 * The server is a separate process (this script with `--serve`: the API app on Bun.serve, SQLite
 * and the uploads folder in a temporary DATA_DIR, maxSize raised to 128 MB for the run). Its
 * memory is read from /proc: VmRSS sampled every 10 ms and the kernel's peak (VmHWM), reset
 * before each scenario. Memory must stay bounded: it must not grow with the file size (a 100 MB
 * file is sent last to show it).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MB = 1024 * 1024;

if (process.argv.includes('--serve')) {
  const { openDb, defaultDatabaseUrl } = await import('../../src/server/db/client');
  const { ensureDatabase } = await import('../../src/server/db/seed');
  const { setConfigValue } = await import('../../src/server/site-config');
  const { createApi } = await import('../../src/server/api');
  const { ACCESS_TTL, issueToken } = await import('../../src/server/session');
  const db = openDb(defaultDatabaseUrl());
  await ensureDatabase(db, { demo: true });
  await setConfigValue(db, 'upload', { maxSize: 128 * MB, allowedSuffixes: 'pdf,zip,png', allowedMimeTypes: '' });
  const [demo] = await db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
  const { token } = await issueToken(db, 'access', Number(demo.id), ACCESS_TTL);
  const api = createApi({ getDb: () => db });
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', maxRequestBodySize: 256 * MB, fetch: (req, srv) => api.fetch(req, srv) });
  console.log(JSON.stringify({ port: server.port, token }));
} else {
  await main();
}

/** `VmRSS` or `VmHWM` of a process, in MB. */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Reset the kernel's peak RSS of `pid` (clear_refs 5); false when not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** A PDF-looking file of `size` bytes, different for every `seed` (no de-duplication shortcut). */
function pdfBytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  out.set(new TextEncoder().encode(`%PDF-1.7\n% bench ${seed}\n`));
  let x = seed * 2654435761;
  for (let i = 64; i < size; i += 4096) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x & 255;
  }
  return out;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-uploads-'));
  const child = Bun.spawn([process.execPath, import.meta.path, '--serve'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  try {
    const reader = child.stdout.getReader();
    let line = '';
    while (!line.includes('\n')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the bench server exited');
      line += new TextDecoder().decode(value);
    }
    const { port, token } = JSON.parse(line.trim()) as { port: number; token: string };
    const url = `http://127.0.0.1:${port}/userapi/v1/index/upload`;
    const send = async (bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const form = new FormData();
      form.append('file', new File([bytes], name, { type: 'application/pdf' }));
      form.append('topic', 'bench');
      const res = await fetch(url, { method: 'POST', body: form, headers: { 'ba-user-token': token } });
      const body = (await res.json()) as { code: number; data: { file?: { size: number } } };
      if (res.status !== 200 || body.data.file?.size !== bytes.length)
        throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
    };

    // Warm-up: the first request compiles and opens everything.
    await send(pdfBytes(64 * 1024, 0), 'warm.pdf');
    Bun.gc(true);
    const results: { scenario: string; seconds: number; mbPerS: number; baseRss: number; peakRss: number; peakHwm: number }[] = [];
    const scenario = async (label: string, count: number, size: number) => {
      const files = Array.from({ length: count }, (_, i) => pdfBytes(size, results.length * 100 + i + 1));
      await Bun.sleep(200);
      const baseRss = procMb(child.pid, 'VmRSS');
      const canReset = resetPeak(child.pid);
      let peakRss = baseRss;
      const timer = setInterval(() => {
        peakRss = Math.max(peakRss, procMb(child.pid, 'VmRSS'));
      }, 10);
      const t0 = performance.now();
      await Promise.all(files.map((f, i) => send(f, `${label.replace(/\W+/g, '-')}-${i}.pdf`)));
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(timer);
      peakRss = Math.max(peakRss, procMb(child.pid, 'VmRSS'));
      const peakHwm = canReset ? procMb(child.pid, 'VmHWM') : Number.NaN;
      results.push({ scenario: label, seconds, mbPerS: (count * size) / MB / seconds, baseRss, peakRss, peakHwm });
    };
    await scenario('1 × 50 MB', 1, 50 * MB);
    await scenario('20 × 5 MB in parallel', 20, 5 * MB);
    await scenario('1 × 100 MB (bounded: same growth as 50 MB)', 1, 100 * MB);

    console.log(`uploads bench: POST /userapi/v1/index/upload, local storage, server pid ${child.pid}`);
    console.log('| scenario | time | throughput | server RSS before | peak RSS (sampled) | peak RSS (kernel VmHWM) | growth |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of results) {
      const peak = Number.isNaN(r.peakHwm) ? r.peakRss : Math.max(r.peakRss, r.peakHwm);
      console.log(
        `| ${r.scenario} | ${r.seconds.toFixed(2)} s | ${r.mbPerS.toFixed(0)} MB/s | ${r.baseRss.toFixed(0)} MB | ${r.peakRss.toFixed(0)} MB | ${
          Number.isNaN(r.peakHwm) ? 'n/a' : `${r.peakHwm.toFixed(0)} MB`
        } | +${(peak - r.baseRss).toFixed(0)} MB |`,
      );
    }
  } finally {
    child.kill();
    await child.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
