/** The operator's seal review (`/operator/seal/*`): list, detail, image, approve, reject, revoke. */
import { Hono } from 'hono';
import { getStorage } from '~/features/upload';
import type { ApiEnv } from '~/server/http/api-env';
import { requireOperator } from '~/server/session';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { notFound } from './errors';
import { h, png } from './handler';
import { approveSchema, idSchema, operatorListSchema, reasonSchema } from './schemas';
import { findSeal, operatorListSeals, operatorSealDetail, reviewSeal, type ReviewAction, sealImage } from './seals';

/** An approve, reject or revoke handler: the review rule, then the note or reason. */
function review(action: ReviewAction) {
  return h(async (c) => {
    const { db, member } = await requireOperator(c, 'operator/seals/review');
    const body = c.get('body');
    const input = action === 'approve' ? parseInput(approveSchema, body) : parseInput(reasonSchema, body);
    const text = 'note' in input ? input.note : input.reason;
    const seal = await reviewSeal(db, member.id, input.id, action, text, c.get('ip'));
    const key = action === 'approve' ? 'sealing.approved' : action === 'reject' ? 'sealing.rejected' : 'sealing.revoked';
    return ok(c, { seal }, key);
  });
}

/** `/operator/seal/*`, behind `operator/seals` (read) and `operator/seals/review` (decide). */
export const reviewRoutes = new Hono<ApiEnv>()
  .get(
    '/operator/seal/list',
    h(async (c) => {
      const { db } = await requireOperator(c, 'operator/seals');
      return ok(c, await operatorListSeals(db, parseInput(operatorListSchema, c.get('query'))));
    }),
  )
  .get(
    '/operator/seal/detail',
    h(async (c) => {
      const { db } = await requireOperator(c, 'operator/seals');
      const { id } = parseInput(idSchema, c.get('query'));
      return ok(c, { seal: await operatorSealDetail(db, id) });
    }),
  )
  .get(
    '/operator/seal/image',
    h(async (c) => {
      const { db } = await requireOperator(c, 'operator/seals');
      const { id } = parseInput(idSchema, c.get('query'));
      const seal = await findSeal(db, id);
      const bytes = seal ? await sealImage(db, getStorage(), seal) : null;
      if (!bytes) throw notFound();
      return png(bytes);
    }),
  )
  .post('/operator/seal/approve', review('approve'))
  .post('/operator/seal/reject', review('reject'))
  .post('/operator/seal/revoke', review('revoke'));
