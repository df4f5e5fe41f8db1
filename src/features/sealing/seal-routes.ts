/** Seal routes: add, generate, list, delete a member's seals and show a seal's image. */
import { Hono } from 'hono';
import { getStorage } from '~/features/upload';
import type { ApiEnv } from '~/server/http/api-env';
import { hasExplicitRule } from '~/server/permissions';
import { requireMember, requireRule } from '~/server/session';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { notFound } from './errors';
import { h, png } from './handler';
import { idSchema, sealAddSchema, sealGenerateSchema } from './schemas';
import { addSeal, deleteSeal, findSeal, generateSeal, listSeals, sealImage, sealOwnerOf } from './seals';

/** `/seal/*`: the seals of the member's main account (`sealOwnerOf`); an operator may also see any seal's image. */
export const sealRoutes = new Hono<ApiEnv>()
  .post(
    '/seal/add',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile/add');
      const input = parseInput(sealAddSchema, c.get('body'));
      return ok(c, { seal: await addSeal(db, getStorage(), member, input) }, 'sealing.added');
    }),
  )
  .post(
    '/seal/generate',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile/add');
      const input = parseInput(sealGenerateSchema, c.get('body'));
      return ok(c, { seal: await generateSeal(db, getStorage(), member, input) }, 'sealing.generated');
    }),
  )
  .get(
    '/seal/list',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile');
      return ok(c, { list: await listSeals(db, sealOwnerOf(member)) });
    }),
  )
  .post(
    '/seal/delete',
    h(async (c) => {
      const { db, member } = await requireRule(c, 'file/sealfile/add');
      const { id } = parseInput(idSchema, c.get('body'));
      await deleteSeal(db, sealOwnerOf(member), id);
      return ok(c, null, 'sealing.deleted');
    }),
  )
  .get(
    '/seal/image',
    h(async (c) => {
      const { db, session, member } = await requireMember(c);
      const operator = await hasExplicitRule(db, session, 'operator/seals');
      if (!operator) await requireRule(c, 'file/sealfile');
      const { id } = parseInput(idSchema, c.get('query'));
      const seal = await findSeal(db, id);
      if (!seal || (!operator && seal.user_id !== sealOwnerOf(member))) throw notFound();
      const bytes = await sealImage(db, getStorage(), seal);
      if (!bytes) throw notFound();
      return png(bytes);
    }),
  );
