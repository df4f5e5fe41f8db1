/**
 * Sealing benchmark (issue #13): a 50-page A4 PDF with a seal on every page, a cross-page seal and
 * the verification line, timed from the job's claim to the sealed file stored, hashed and recorded
 * (20 runs, p50/p95), on a throwaway SQLite database and local storage; plus the stamping alone
 * and a page preview (PDFium render + PNG) per page.
 *
 *   bun scripts/bench/sealing.ts        (or: bun run bench --area sealing)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pct } from '../bench-area';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

const dir = mkdtempSync(join(tmpdir(), 'bench-sealing-'));
process.env.DATA_DIR = dir;
const { openDb, num } = await import('../../src/server/db/client');
const { ensurePortalDatabase } = await import('../../src/demo');
const { getStorage, LocalStorage, setStorage, storeServerFile } = await import('../../src/features/upload');
const { claimJob, drainJobs } = await import('../../src/features/sealing/job-runner');
const { createSealJob } = await import('../../src/features/sealing/jobs');
const { renderPagePng } = await import('../../src/features/sealing/pdf-tools');
const { stampPdf } = await import('../../src/features/sealing/stamp');
const { sealImage, findSeal } = await import('../../src/features/sealing/seals');
const { usesWorker } = await import('../../src/features/sealing/stamp-runner');

const RUNS = 20;
const PAGES = 50;

const fmt = (n: number) => n.toFixed(1);

async function fiftyPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < PAGES; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Staff list, page ${i + 1} of ${PAGES}`, { x: 56, y: 790, size: 16, font });
    for (let r = 0; r < 40; r++)
      page.drawText(`${i * 40 + r + 1}. Employee name, ID number, occupation class ${(r % 6) + 1}`, {
        x: 56,
        y: 760 - r * 17,
        size: 10,
        font,
      });
  }
  return doc.save();
}

try {
  setStorage(new LocalStorage(join(dir, 'uploads')));
  const db = openDb(`sqlite://${join(dir, 'bench.db')}`);
  await ensurePortalDatabase(db, { demo: true });
  const [demo] = await db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
  const member = { id: num(demo.id), parent_id: null };
  const [seal] = await db.sql`SELECT id FROM seal WHERE user_id = ${member.id} AND status = 'approved'`;
  const pdf = await fiftyPages();
  const file = await storeServerFile(db, getStorage(), {
    userId: member.id,
    topic: 'sealfile',
    name: 'bench-50.pdf',
    mime: 'application/pdf',
    bytes: pdf,
  });
  const plan = { stamps: [], every_page: { x: 0.78, y: 0.86 }, cross_page: { y: 0.5 } };

  // Warm-up run: starts the Worker, PDFium, the font outlines.
  await createSealJob(
    db,
    getStorage(),
    member,
    { request_id: 'bench-warmup', file_id: file.id, seal_id: num(seal.id), ...plan },
    { waitMs: 0, kick: false },
  );
  await drainJobs(db, getStorage());

  const jobMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await createSealJob(
      db,
      getStorage(),
      member,
      { request_id: `bench-run-${i}`, file_id: file.id, seal_id: num(seal.id), ...plan },
      { waitMs: 0, kick: false },
    );
    const t0 = performance.now();
    const ran = await drainJobs(db, getStorage());
    jobMs.push(performance.now() - t0);
    if (ran !== 1) throw new Error(`expected one job, ran ${ran}`);
  }
  const [{ n }] = await db.sql`SELECT COUNT(*) AS n FROM sealed_file WHERE name = 'bench-50.pdf'`;
  if (num(n) !== RUNS + 1) throw new Error('not every run stored a sealed file');
  if (await claimJob(db, Math.floor(Date.now() / 1000))) throw new Error('a job was left over');

  const sealRow = await findSeal(db, num(seal.id));
  const png = sealRow ? await sealImage(db, getStorage(), sealRow) : null;
  if (!png) throw new Error('no seal image');
  const stampMs: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    await stampPdf({ pdf, sealPng: png, diameterMm: 40, plan, code: 'BNCH-MARK-2345', verifyBase: 'http://localhost:3000' });
    stampMs.push(performance.now() - t0);
  }

  const previewMs: number[] = [];
  for (let p = 0; p < 20; p++) {
    const t0 = performance.now();
    await renderPagePng(pdf, p, 600);
    previewMs.push(performance.now() - t0);
  }

  console.log(
    `sealing: ${PAGES}-page A4, every page + cross-page + margin line, ${RUNS} runs (worker: ${usesWorker() ? 'yes' : 'no, in-process'})`,
  );
  console.log(
    `  job claim → stamped, stored, hashed, recorded: p50 ${fmt(pct(jobMs, 50))} ms, p95 ${fmt(pct(jobMs, 95))} ms, max ${fmt(Math.max(...jobMs))} ms`,
  );
  console.log(`  stamping alone (in-process, 10 runs):          p50 ${fmt(pct(stampMs, 50))} ms, p95 ${fmt(pct(stampMs, 95))} ms`);
  console.log(
    `  preview (PDFium render + PNG, 600 px wide):     p50 ${fmt(pct(previewMs, 50))} ms/page, p95 ${fmt(pct(previewMs, 95))} ms/page`,
  );
  const ok = pct(jobMs, 50) < 500;
  console.log(`  target < 500 ms: ${ok ? 'met' : 'NOT met'} (p50)`);
  await db.close();
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
