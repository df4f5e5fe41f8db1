/**
 * Proof of cover under /userapi/v1/cover: issue (idempotent by request_id), list a policy's, the
 * PDF, revoke (members; a policy or certificate the member cannot see is 404), and the public check
 * by code (no login; counted per IP, time-padded).
 */
import { Hono } from 'hono';
import { siteToday } from '~/features/orders';
import { recordNotFound } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import { requireMember } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import {
  certificateCode,
  certificateView,
  createCertificate,
  findVisibleCertificate,
  listCertificates,
  revokeCertificate,
} from './certificates';
import { certificatePdf } from './pdf';
import { coverIdSchema, coverListSchema, coverVerifySchema, createCoverSchema } from './schemas';
import { verifyCover } from './verify';

const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const coverRouter = new Hono<ApiEnv>()
  .post('/cover/create', async (c) => {
    const { db, session } = await requireMember(c);
    const input = parseInput(createCoverSchema, c.get('body'));
    const certificate = await createCertificate(db, session.userId, input, { ip: c.get('ip') });
    return ok(c, { certificate: certificateView(certificate) }, 'cover.issued');
  })
  .get('/cover/list', async (c) => {
    const { db, session } = await requireMember(c);
    const { order_id } = parseInput(coverListSchema, c.get('query'));
    const { list, total } = await listCertificates(db, session.userId, order_id);
    return ok(c, { list: list.map(certificateView), total });
  })
  .get('/cover/pdf', async (c) => {
    const { db, session } = await requireMember(c);
    const { id } = parseInput(coverIdSchema, c.get('query'));
    const found = await findVisibleCertificate(db, session.userId, id);
    if (!found) throw recordNotFound();
    const { site } = await getSiteConfig(db);
    const code = await certificateCode(db, found.certificate);
    const pdf = await certificatePdf(found.certificate, found.order, code, c.get('locale'), site.timezone);
    c.header('content-type', 'application/pdf');
    c.header(
      'content-disposition',
      attachment(`proof-of-cover-${found.order.policyNo ?? found.order.orderNo}-${found.certificate.day}.pdf`),
    );
    c.header('cache-control', 'private, no-store');
    return c.body(pdf as Uint8Array<ArrayBuffer>);
  })
  .post('/cover/revoke', async (c) => {
    const { db, session } = await requireMember(c);
    const { id } = parseInput(coverIdSchema, c.get('body'));
    const certificate = await revokeCertificate(db, session.userId, id, { ip: c.get('ip') });
    return ok(c, { certificate: certificateView(certificate) }, 'cover.revoked');
  })
  .get('/cover/verify', async (c) => {
    const db = c.get('db');
    const { code } = parseInput(coverVerifySchema, c.get('query'));
    const answer = await verifyCover(db, c.get('ip'), code, { today: await siteToday(db) });
    return ok(c, answer);
  });
