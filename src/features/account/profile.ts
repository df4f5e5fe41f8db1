/**
 * The member's profile: avatar (cropped square and re-encoded on the server), username, nickname,
 * gender, birthday and motto. Any other field of the request is ignored by the schema.
 */
import { createRequire } from 'node:module';
import type * as ResvgModule from '@resvg/resvg-js';
import { writeAudit } from '~/server/audit';
import { type Db, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import type { UserRow } from '~/server/members';
import { type AttachmentRow, assertFileKind, findOwnFile, getStorage, readFileBytes, storeServerFile } from '../upload';
import type { ProfileFields } from './schemas';

// Loaded at run time, not bundled: the renderer is a native module the build cannot inline (as in captcha/render).
const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof ResvgModule;

/** Upload topic of avatars (the member's upload and the server's re-encoded square). */
export const AVATAR_TOPIC = 'avatar';
/** Edge of the stored avatar, in pixels. */
export const AVATAR_SIZE = 256;

const avatarProblem = (key: 'account.avatarInvalid' | 'account.avatarUnreadable') =>
  new DomainError(key, { status: 400, code: Codes.VALIDATION, field: 'avatar', errors: { avatar: key } });

/**
 * Centre-crop an image to a square and re-encode it as a AVATAR_SIZE² PNG: resvg draws it as an
 * `<image>` with `xMidYMid slice`. Re-encoding drops whatever else the file carried (metadata,
 * trailing bytes, animation). An image resvg cannot decode comes out fully transparent: refused.
 */
export function squareAvatar(bytes: Uint8Array, mime: string): Uint8Array {
  const href = `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 ${AVATAR_SIZE} ${AVATAR_SIZE}"><image width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" preserveAspectRatio="xMidYMid slice" href="${href}"/></svg>`;
  let rendered: ReturnType<InstanceType<typeof Resvg>['render']>;
  try {
    rendered = new Resvg(svg).render();
  } catch {
    throw avatarProblem('account.avatarUnreadable');
  }
  const px = rendered.pixels;
  let seen = false;
  for (let i = 3; i < px.length; i += 4) {
    if (px[i] !== 0) {
      seen = true;
      break;
    }
  }
  if (!seen) throw avatarProblem('account.avatarUnreadable');
  return new Uint8Array(rendered.asPng());
}

/** The stored avatar of an uploaded file id: the member's own image of topic `avatar`, squared. */
async function avatarFromUpload(db: Db, userId: number, fileId: number): Promise<AttachmentRow> {
  const file = await findOwnFile(db, userId, fileId, AVATAR_TOPIC);
  if (!file?.mime.startsWith('image/')) throw avatarProblem('account.avatarInvalid');
  const storage = getStorage();
  const bytes = await readFileBytes(storage, file);
  if (!bytes) throw avatarProblem('account.avatarInvalid');
  assertFileKind(bytes, ['image'], 'avatar');
  const png = squareAvatar(bytes, file.mime);
  return storeServerFile(db, storage, {
    userId,
    topic: AVATAR_TOPIC,
    name: 'avatar.png',
    mime: 'image/png',
    bytes: png,
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
  });
}

/** What `avatar` becomes: unchanged (absent, or the current value / its URL), cleared (''), or a new file. */
async function nextAvatar(db: Db, member: UserRow, avatar: ProfileFields['avatar']): Promise<string> {
  if (avatar === undefined) return member.avatar;
  if (typeof avatar === 'number') return (await avatarFromUpload(db, member.id, avatar)).path;
  const given = avatar.trim();
  if (given === '') return '';
  const current = member.avatar.replace(/^\/+/, '');
  // The form posts back the avatar it showed (a URL or the stored path): unchanged.
  if (current && (given.replace(/^\/+/, '') === current || given.endsWith(`/${current}`))) return member.avatar;
  throw avatarProblem('account.avatarInvalid');
}

/**
 * Save the profile. The username stays unique (case-insensitive) among members; a taken one is
 * 409 and nothing is written. The avatar is re-encoded before the row changes.
 */
export async function updateProfile(db: Db, member: UserRow, input: ProfileFields, ip = ''): Promise<void> {
  const [clash] = await db.sql`SELECT id FROM "user" WHERE LOWER(username) = ${input.username.toLowerCase()} AND id <> ${member.id}`;
  if (clash) {
    throw new DomainError('account.usernameTaken', {
      status: 409,
      code: Codes.CONFLICT,
      field: 'username',
      errors: { username: 'account.usernameTaken' },
    });
  }
  const avatar = await nextAvatar(db, member, input.avatar);
  try {
    await db.sql`UPDATE "user" SET ${db.sql({
      avatar,
      username: input.username,
      nickname: input.nickname,
      gender: input.gender,
      birthday: input.birthday || null,
      motto: input.motto,
      updated_at: nowSeconds(),
    })} WHERE id = ${member.id}`;
  } catch {
    // Another member took the name between the check and the update: the unique index decided.
    throw new DomainError('account.usernameTaken', {
      status: 409,
      code: Codes.CONFLICT,
      field: 'username',
      errors: { username: 'account.usernameTaken' },
    });
  }
  await writeAudit(db, { userId: member.id, action: 'account.profile', detail: { avatarChanged: avatar !== member.avatar }, ip });
}
