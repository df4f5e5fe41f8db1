/**
 * Upload decode benchmark (#7): what the decode step of an upload's content check costs for a
 * 4000 × 3000 JPEG and PNG (`imageDecodes`, the path `storeReceived` runs after the pixel cap),
 * and for the largest image the cap lets through (8000 × 5000 = 40 MP, one flat colour: a file
 * of a few hundred KB).
 *
 *   bun scripts/bench/upload-decode.ts [--runs 5]      (or `bun run bench --area upload-decode`)
 *
 * The pictures are made here (smooth colour fields with noise, like a photo: the JPEG quality 85
 * by libjpeg-turbo, the PNG RGB by libspng, less noisy so it stays under the default 10 MB
 * maxSize). Each run is timed alone, after a GC; memory is this process's peak RSS (VmHWM, reset
 * before each run) over its RSS before the run. fast-png and resvg block the event loop for the
 * time shown. For comparison the same files go through `Bun.Image` (decode fitted into 64 px on
 * a worker thread).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { encode } from 'fast-png';
import { DECODE_EDGE, imageDecodes } from '../../src/features/upload/decode-image';
import { MAX_PIXELS } from '../../src/features/upload/sniff';

const W = 4000;
const H = 3000;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

function procMb(field: 'VmRSS' | 'VmHWM'): number {
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

function picture(amplitude: number): Uint8Array {
  const data = new Uint8Array(W * H * 3);
  let seed = 7;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = ((seed >>> 24) % (2 * amplitude + 1)) - amplitude;
      const i = (y * W + x) * 3;
      data[i] = 128 + 90 * Math.sin(x / 310 + y / 530) + noise;
      data[i + 1] = 128 + 90 * Math.sin(x / 470 - y / 290) + noise;
      data[i + 2] = 128 + 90 * Math.cos((x + y) / 610) + noise;
    }
  }
  return data;
}

interface Result {
  ms: number[];
  peakMb: number[];
}

async function measure(run: () => Promise<boolean>): Promise<Result> {
  const out: Result = { ms: [], peakMb: [] };
  for (let i = 0; i < RUNS; i++) {
    Bun.gc(true);
    const before = procMb('VmRSS');
    resetPeak();
    const t = performance.now();
    if (!(await run())) throw new Error('the benchmark image did not decode');
    out.ms.push(performance.now() - t);
    out.peakMb.push(procMb('VmHWM') - before);
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (r: Result) =>
  `${median(r.ms).toFixed(0)} ms (${Math.min(...r.ms).toFixed(0)}–${Math.max(...r.ms).toFixed(0)}), peak +${median(r.peakMb).toFixed(0)} MB`;

const pngOf = (data: Uint8Array, width: number, height: number, channels: number) =>
  new Bun.Image(encode({ width, height, data, channels })).png({ compressionLevel: 6 }).bytes();
const pngBytes = await pngOf(picture(4), W, H, 3);
const jpegBytes = await new Bun.Image(await pngOf(picture(24), W, H, 3)).jpeg({ quality: 85 }).bytes();
const size = { width: W, height: H };
const cap = { width: 8000, height: 5000 };
const capPng = await pngOf(new Uint8Array(cap.width * cap.height * 4).fill(200), cap.width, cap.height, 4);
const capJpeg = await new Bun.Image(capPng).jpeg({ quality: 85 }).bytes();
const bunImage = async (bytes: Uint8Array) => {
  await new Bun.Image(bytes, { maxPixels: MAX_PIXELS }).resize(DECODE_EDGE, DECODE_EDGE, { fit: 'inside' }).png().bytes();
  return true;
};

const jpeg = await measure(() => imageDecodes('jpeg', jpegBytes, size));
const png = await measure(() => imageDecodes('png', pngBytes, size));
const jpegBun = await measure(() => bunImage(jpegBytes));
const pngBun = await measure(() => bunImage(pngBytes));
const capJ = await measure(() => imageDecodes('jpeg', capJpeg, cap));
const capP = await measure(() => imageDecodes('png', capPng, cap));

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`runs: ${RUNS} each; peak RSS reset per run: ${resetPeak() ? 'yes' : 'no (clear_refs not allowed)'}`);
console.log(
  `- ${W}×${H}, median of ${RUNS} (min–max): JPEG ${mb(jpegBytes.length)} (q85, resvg) ${fmt(jpeg)}; ` +
    `PNG ${mb(pngBytes.length)} (RGB, CRCs + Bun.Image) ${fmt(png)}; ` +
    `for comparison Bun.Image: JPEG ${fmt(jpegBun)}, PNG ${fmt(pngBun)}. ` +
    `At the cap (8000×5000 flat RGBA): JPEG ${kb(capJpeg.length)} ${fmt(capJ)}; PNG ${kb(capPng.length)} ${fmt(capP)}.`,
);
