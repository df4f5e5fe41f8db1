/**
 * Reading an upload body as a stream: a small multipart parser that spools the `file` part to a
 * scratch file while hashing it (SHA-1) and keeping only its first bytes (magic bytes, image
 * header) in memory. The whole body is capped: past the cap the stream is cancelled, the spool
 * removed and 413 thrown, so an oversize upload is never read to its end and memory does not grow
 * with the file. Uploads bypass the API's 64 KB body reader (`STREAMING_PATHS` in the pipeline).
 */
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Codes, DomainError } from '~/server/errors';
import { HEAD_BYTES } from './service';

/** Room for the multipart boundaries, part headers and the small text fields. */
export const MULTIPART_OVERHEAD = 16 * 1024;

/** Longest part header block and text field we accept. */
const MAX_HEADER = 8 * 1024;
const MAX_FIELD = 4 * 1024;
/** Spool writes are batched to this size (memory per upload stays about this). */
const WRITE_BATCH = 256 * 1024;

const tooLarge = () => new DomainError('upload.tooLarge', { status: 413, code: Codes.TOO_LARGE, field: 'file' });
const broken = () => new DomainError('badRequest', { status: 400, code: Codes.VALIDATION });

/** The `file` part, spooled: its client-side name and type, size, SHA-1, first bytes and where it is. */
export interface SpooledFile {
  name: string;
  type: string;
  size: number;
  sha1: string;
  head: Uint8Array;
  path: string;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  file: SpooledFile | null;
}

/** The boundary of a multipart/form-data content type, or null (415 for the caller). */
export function boundaryOf(contentType: string): string | null {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

interface PartHead {
  name: string;
  filename: string | null;
  type: string;
}

/** `Content-Disposition` and `Content-Type` of a part; `filename*` (RFC 5987) wins over `filename`. */
function parsePartHead(block: string): PartHead {
  let name = '';
  let filename: string | null = null;
  let type = '';
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-type') type = value.slice(0, 200);
    if (key !== 'content-disposition') continue;
    const param = (p: string) => new RegExp(`;\\s*${p}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${p}=([^;\\s]*)`, 'i').exec(value);
    const n = param('name');
    name = (n?.[1] ?? n?.[2] ?? '').replace(/\\(.)/g, '$1');
    const star = /;\s*filename\*=(?:UTF-8|utf-8)''([^;\s]*)/.exec(value);
    const plain = param('filename');
    if (star) {
      try {
        filename = decodeURIComponent(star[1] ?? '');
      } catch {
        filename = null;
      }
    }
    if (filename === null && plain) {
      // Browsers send the name as raw UTF-8 with `"` escaped as %22 (WHATWG); others may backslash-escape.
      filename = (plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1').replaceAll('%22', '"');
    }
  }
  return { name, filename, type };
}

/**
 * Read a multipart upload under `cap` bytes: the text fields, and the first part named `file`
 * spooled into `scratchDir`. 415 when not multipart, 400 when malformed, 413 past the cap.
 * The caller owns `file.path` (move it into the store or remove it).
 */
export async function receiveUpload(req: Request, cap: number, scratchDir: string): Promise<ReceivedForm> {
  const boundary = boundaryOf(req.headers.get('content-type') ?? '');
  if (!boundary) throw new DomainError('unsupportedMediaType', { status: 415, code: Codes.UNSUPPORTED_MEDIA });
  const declared = Number(req.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > cap) throw tooLarge();
  if (!req.body) throw broken();

  const reader = req.body.getReader();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields: Record<string, string> = {};
  let file = null as SpooledFile | null;
  let spool = null as Awaited<ReturnType<typeof open>> | null;
  let spoolPath = '';
  let hasher: Bun.CryptoHasher | null = null;
  let head: Buffer[] = [];
  let headLen = 0;
  let pending: Buffer[] = [];
  let pendingLen = 0;
  let fileSize = 0;

  // The body starts with the delimiter minus its CRLF; prepending one makes every delimiter alike.
  let buf: Buffer = Buffer.from('\r\n');
  let total = 0;
  let state = 'preamble' as 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done';
  let part: PartHead | null = null;
  let partTarget: 'file' | 'field' | 'skip' = 'skip';
  let fieldChunks: Buffer[] = [];
  let fieldLen = 0;

  const flush = async () => {
    if (!spool || pendingLen === 0) return;
    const data = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingLen);
    pending = [];
    pendingLen = 0;
    await spool.write(data);
  };
  const emit = async (data: Buffer) => {
    if (data.length === 0) return;
    if (partTarget === 'file') {
      fileSize += data.length;
      hasher?.update(data);
      // No copies: `data` views a chunk (or a concatenation) that nothing writes to again.
      if (headLen < HEAD_BYTES) {
        const take = data.subarray(0, HEAD_BYTES - headLen);
        head.push(take);
        headLen += take.length;
      }
      pending.push(data);
      pendingLen += data.length;
      if (pendingLen >= WRITE_BATCH) await flush();
    } else if (partTarget === 'field') {
      fieldLen += data.length;
      if (fieldLen > MAX_FIELD) throw broken();
      fieldChunks.push(data);
    }
  };
  const endPart = async () => {
    if (partTarget === 'file' && spool && hasher) {
      await flush();
      await spool.close();
      spool = null;
      file = {
        name: part?.filename ?? '',
        type: part?.type ?? '',
        size: fileSize,
        sha1: hasher.digest('hex'),
        head: new Uint8Array(Buffer.concat(head, headLen)),
        path: spoolPath,
      };
      head = [];
      hasher = null;
    } else if (partTarget === 'field' && part) {
      fields[part.name] ??= Buffer.concat(fieldChunks).toString('utf8');
    }
    fieldChunks = [];
    fieldLen = 0;
    part = null;
    partTarget = 'skip';
  };
  const startPart = async (block: string) => {
    part = parsePartHead(block);
    if (part.filename !== null && part.name === 'file' && !file && !spool) {
      partTarget = 'file';
      await mkdir(scratchDir, { recursive: true });
      spoolPath = join(scratchDir, `${crypto.randomUUID()}.part`);
      spool = await open(spoolPath, 'w', 0o600);
      hasher = new Bun.CryptoHasher('sha1');
      fileSize = 0;
    } else {
      partTarget = part.filename === null ? 'field' : 'skip';
    }
  };

  /** Consume as much of `buf` as the state machine can; false when it needs more bytes. */
  const step = async (): Promise<boolean> => {
    switch (state) {
      case 'preamble':
      case 'body': {
        const at = buf.indexOf(delimiter);
        if (at < 0) {
          // Keep a tail that might be the start of a delimiter split across chunks.
          const keep = Math.min(buf.length, delimiter.length - 1);
          if (state === 'body') await emit(buf.subarray(0, buf.length - keep));
          buf = buf.subarray(buf.length - keep);
          return false;
        }
        if (state === 'body') {
          await emit(buf.subarray(0, at));
          await endPart();
        }
        buf = buf.subarray(at + delimiter.length);
        state = 'afterDelimiter';
        return true;
      }
      case 'afterDelimiter': {
        if (buf.length < 2) return false;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = 'done';
          return false;
        }
        if (buf[0] !== 0x0d || buf[1] !== 0x0a) throw broken();
        buf = buf.subarray(2);
        state = 'headers';
        return true;
      }
      case 'headers': {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buf.length > MAX_HEADER) throw broken();
          return false;
        }
        await startPart(buf.subarray(0, end).toString('utf8'));
        buf = buf.subarray(end + 4);
        state = 'body';
        return true;
      }
      default:
        return false;
    }
  };

  try {
    while (state !== 'done') {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) throw tooLarge();
      buf = buf.length === 0 ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : Buffer.concat([buf, value]);
      while (await step()) {
        /* keep consuming */
      }
    }
    if (state !== 'done') throw broken();
    // Whatever follows the closing delimiter (an epilogue) is not read.
    return { fields, file };
  } catch (err) {
    await spool?.close().catch(() => {});
    if (spoolPath) await rm(spoolPath, { force: true });
    throw err;
  } finally {
    await reader.cancel().catch(() => {});
  }
}
