/**
 * The sealing API under /userapi/v1: seals (`/seal/*`), documents and jobs (`/seal/file/*`,
 * `/seal/job`), public verification (`/seal/verify*`, no login) and the operator's review
 * (`/operator/seal/*`). Every handler calls its gate first.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '~/server/http/api-env';
import { fileRoutes } from './file-routes';
import { reviewRoutes } from './review-routes';
import { sealRoutes } from './seal-routes';
import { verifyRoutes } from './verify-routes';

/** The sealing API: seals, documents and jobs, verification, review, mounted in that order. */
export const sealingRouter = new Hono<ApiEnv>()
  .route('/', sealRoutes)
  .route('/', fileRoutes)
  .route('/', verifyRoutes)
  .route('/', reviewRoutes);
