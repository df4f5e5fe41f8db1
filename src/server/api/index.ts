/**
 * The `/userapi/v1` JSON API: the request pipeline (locale, database, query, credentials,
 * same-origin check, session, body) and the feature routers. Mount it from middleware with
 * `api.fetch(c.req.raw, server)` (Bun's server gives the client IP) or test it with
 * `api.request(path, init)`.
 */
import { Hono } from 'hono';
import { accountRouter } from '~/features/account';
import { areaRouter } from '~/features/area';
import { captchaRouter } from '~/features/captcha';
import { claimsRouter } from '~/features/claims';
import { coverRouter } from '~/features/cover';
import { endorseRouter, reconcileRouter } from '~/features/endorse';
import { identityRouter } from '~/features/identity';
import { invoicesRouter } from '~/features/invoices';
import { ledgerRouter } from '~/features/ledger';
import { teamRouter } from '~/features/team';
import { menusRouter } from '~/features/menus';
import { notificationsRouter } from '~/features/notifications';
import { operatorRouter } from '~/features/operator';
import { ordersRouter } from '~/features/orders';
import { productsRouter } from '~/features/products';
import { renewalsRouter } from '~/features/renewals';
import { runwayRouter } from '~/features/runway';
import { sealingRouter } from '~/features/sealing';
import { uploadRouter } from '~/features/upload';
import { verificationRouter } from '~/features/verification';
import { getDb as defaultGetDb, type Db } from '~/server/db/client';
import type { ApiEnv } from '~/server/http/api-env';
import { API_BASE } from '~/server/session';
import { apiErrorHandler, apiNotFound, apiRequestPipeline } from './pipeline';

export interface ApiOptions {
  getDb?: () => Db;
}

export function createApi(options: ApiOptions = {}) {
  const app = new Hono<ApiEnv>().basePath(API_BASE);
  app.onError(apiErrorHandler);
  app.notFound(apiNotFound);
  app.use('*', apiRequestPipeline(options.getDb ?? defaultGetDb));
  app.route('/', identityRouter);
  app.route('/', menusRouter);
  app.route('/', ordersRouter);
  app.route('/', productsRouter);
  app.route('/', verificationRouter);
  app.route('/', captchaRouter);
  app.route('/', areaRouter);
  app.route('/', uploadRouter);
  app.route('/', ledgerRouter);
  app.route('/', endorseRouter);
  app.route('/', reconcileRouter);
  app.route('/', invoicesRouter);
  app.route('/', claimsRouter);
  app.route('/', notificationsRouter);
  app.route('/', operatorRouter);
  app.route('/', sealingRouter);
  app.route('/', teamRouter);
  app.route('/', accountRouter);
  app.route('/', coverRouter);
  app.route('/', renewalsRouter);
  app.route('/', runwayRouter);
  return app;
}

/** The API over the process database (`getDb()`). */
export const api = createApi();
export default api;
