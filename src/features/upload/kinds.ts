/**
 * What an endpoint that reads a member's file accepts, checked by the file's content (magic bytes,
 * `./sniff.ts`) before anything parses it: a PDF given as a sheet, or a sheet given as a slip, is
 * refused 415 (415001) saying which kinds the endpoint takes.
 */
import { Codes, DomainError } from '~/server/errors';
import { detectKind, IMAGE_KINDS, type Kind } from './sniff';

/** Families of content endpoints accept. */
export type FileFamily = 'sheet' | 'pdf' | 'image';

/** Plain text as CSV comes (no NUL in the first 8 KB, and not markup). */
const isText = (bytes: Uint8Array, kind: Kind) => kind === 'unknown' && !bytes.subarray(0, 8192).includes(0);

/** The family of the content, or null when it is none of them. */
export function familyOf(bytes: Uint8Array): FileFamily | null {
  const kind = detectKind(bytes);
  if (kind === 'pdf') return 'pdf';
  if (IMAGE_KINDS.has(kind)) return 'image';
  if (kind === 'zip' || isText(bytes, kind)) return 'sheet';
  return null;
}

/** The message key naming what the endpoint takes (`upload.kind.sheet`, `upload.kind.image_pdf`, …). */
export const kindMessage = (accepted: readonly FileFamily[]) => `upload.kind.${[...accepted].sort().join('_')}`;

/** Throws 415 unless the bytes are one of the accepted families. */
export function assertFileKind(bytes: Uint8Array, accepted: readonly FileFamily[], field = 'file_id'): FileFamily {
  const family = familyOf(bytes);
  if (family && accepted.includes(family)) return family;
  throw new DomainError(kindMessage(accepted), { status: 415, code: Codes.UNSUPPORTED_MEDIA, field });
}
