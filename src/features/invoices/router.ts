import { type Context, Hono } from 'hono';
import { dataErrorHandler } from '~/features/endorse';
import { assertFileKind, contentDisposition, findOwnFile, getStorage, storeServerFile } from '~/features/upload';
import { apiMessage } from '~/features/_shared/messages';
import { fenToYuan } from '~/lib/money';
import type { Db } from '~/server/db/client';
import { deliver } from '~/server/delivery';
import { Codes, DomainError } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import { visibleUserIds } from '~/server/members';
import { requireOperator, requireRule } from '~/server/session';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { applyInvoice, cancelInvoice, issueInvoice, rejectInvoice } from './applications';
import { invoicePdf } from './pdf';
import { findInvoice, findVisibleInvoice, type Invoice } from './records';
import { applySchema, invoiceIdSchema, invoiceListSchema, issueSchema, rejectInvoiceSchema } from './schemas';
import { listSources } from './sources';
import { invoiceDetail, listInvoices, viewInvoiceRow } from './views';

const fileUrl = (id: number) => `/userapi/v1/invoice/download?id=${id}`;

async function fileBytes(inv: Invoice): Promise<Uint8Array> {
  if (inv.status !== 'issued' || !inv.filePath) throw new DomainError('invoice.notIssued', { status: 404, code: Codes.NOT_FOUND });
  const obj = await getStorage().get(inv.filePath);
  if (!obj) throw new DomainError('invoice.notIssued', { status: 404, code: Codes.NOT_FOUND });
  return new Uint8Array(await obj.body.arrayBuffer());
}

const pdf = (c: Context<ApiEnv>, bytes: Uint8Array, name: string) =>
  c.body(bytes as unknown as ArrayBuffer, 200, {
    'content-type': 'application/pdf',
    'content-disposition': contentDisposition('attachment', name),
    'cache-control': 'private, no-store',
  });

/** E-mail the member the download link (after the commit; a failed send is logged, the invoice stays issued). */
async function mailIssued(c: Context<ApiEnv>, inv: Invoice): Promise<void> {
  const locale = c.get('locale') ?? 'zh-cn';
  const params = {
    invoice_no: inv.invoiceNo,
    apply_no: inv.applyNo,
    amount: fenToYuan(inv.amount),
    url: `${new URL(c.req.url).origin}${fileUrl(inv.id)}`,
  };
  try {
    await deliver({
      channel: 'email',
      to: inv.email,
      event: 'invoice_issued',
      subject: apiMessage(locale, 'invoice.mailSubject', params),
      text: apiMessage(locale, 'invoice.mailText', params),
    });
  } catch (err) {
    console.error(`[invoice] mail for ${inv.applyNo} not sent:`, err);
  }
}

/** Issue with an uploaded PDF (the operator's own upload) or a generated one, stored as the member's file. */
export async function issueWithFile(
  db: Db,
  operatorId: number,
  id: number,
  invoiceNo: string,
  fileId: number | null = null,
  ip?: string,
): Promise<Invoice> {
  const inv = await findInvoice(db, id);
  let bytes: Uint8Array;
  if (fileId) {
    const file = await findOwnFile(db, operatorId, fileId);
    const obj = file ? await getStorage().get(file.path) : null;
    if (!file || !obj) {
      throw new DomainError('invoice.fileInvalid', {
        status: 400,
        code: Codes.VALIDATION,
        field: 'file_id',
        errors: { file_id: 'invoice.fileInvalid' },
      });
    }
    bytes = new Uint8Array(await obj.body.arrayBuffer());
    assertFileKind(bytes, ['pdf']);
  } else {
    if (inv.status !== 'applied') return issueInvoice(db, operatorId, id, invoiceNo, '', { ip }); // 409 with the status
    bytes = await invoicePdf(db, inv, invoiceNo);
  }
  const stored = await storeServerFile(db, getStorage(), {
    userId: inv.userId,
    topic: 'invoice',
    name: `invoice-${invoiceNo}.pdf`,
    mime: 'application/pdf',
    bytes,
  });
  return issueInvoice(db, operatorId, id, invoiceNo, stored.path, { ip });
}

/** `/userapi/v1/invoice/*` (member) and `/userapi/v1/operator/invoice/*` (operators). */
export const invoicesRouter = new Hono<ApiEnv>()
  .get('/invoice/sources', async (c) => {
    const { db, session } = await requireRule(c, 'order/invoiceApply');
    const list = (await listSources(db, await visibleUserIds(db, session.userId))).map((s) => ({
      source_type: s.type,
      source_id: s.id,
      ref_no: s.refNo,
      paid: fenToYuan(s.paid),
      refunded: fenToYuan(s.refunded),
      invoiceable: fenToYuan(s.invoiceable),
    }));
    return ok(c, { list, total: list.length });
  })
  .get('/invoice/list', async (c) => {
    const { db, session } = await requireRule(c, 'order/invoiceApply');
    const q = parseInput(invoiceListSchema, c.get('query'));
    return ok(c, await listInvoices(db, await visibleUserIds(db, session.userId), q));
  })
  .get('/invoice/detail', async (c) => {
    const { db, session } = await requireRule(c, 'order/invoiceApply');
    const { id } = parseInput(invoiceIdSchema, c.get('query'));
    const inv = await findVisibleInvoice(db, session.userId, id);
    return ok(c, await invoiceDetail(db, inv, fileUrl(inv.id)));
  })
  .get('/invoice/download', async (c) => {
    const { db, session } = await requireRule(c, 'order/invoiceApply');
    const { id } = parseInput(invoiceIdSchema, c.get('query'));
    const inv = await findVisibleInvoice(db, session.userId, id);
    return pdf(c, await fileBytes(inv), `invoice-${inv.invoiceNo}.pdf`);
  })
  .post('/invoice/apply', async (c) => {
    const { db, session } = await requireRule(c, 'order/invoiceApply/add');
    const input = parseInput(applySchema, c.get('body'));
    const inv = await applyInvoice(db, session.userId, input, { ip: c.get('ip') });
    return ok(c, { invoice: { id: inv.id, apply_no: inv.applyNo, status: inv.status, amount: fenToYuan(inv.amount) } }, 'invoice.applied');
  })
  .post('/invoice/cancel', async (c) => {
    const { db, session } = await requireRule(c, 'order/invoiceApply/add');
    const { id } = parseInput(invoiceIdSchema, c.get('body'));
    return ok(c, { invoice: viewInvoiceRow(await cancelInvoice(db, session.userId, id, { ip: c.get('ip') })) }, 'invoice.cancelled');
  })
  .get('/operator/invoice/list', async (c) => {
    const { db } = await requireOperator(c, 'operator/invoices');
    const q = parseInput(invoiceListSchema, { status: 'applied', ...c.get('query') });
    return ok(c, await listInvoices(db, null, q));
  })
  .get('/operator/invoice/detail', async (c) => {
    const { db } = await requireOperator(c, 'operator/invoices');
    const { id } = parseInput(invoiceIdSchema, c.get('query'));
    const inv = await findInvoice(db, id);
    return ok(c, await invoiceDetail(db, inv, `/userapi/v1/operator/invoice/download?id=${inv.id}`));
  })
  .get('/operator/invoice/download', async (c) => {
    const { db } = await requireOperator(c, 'operator/invoices');
    const { id } = parseInput(invoiceIdSchema, c.get('query'));
    const inv = await findInvoice(db, id);
    return pdf(c, await fileBytes(inv), `invoice-${inv.invoiceNo}.pdf`);
  })
  .post('/operator/invoice/issue', async (c) => {
    const { db, session } = await requireOperator(c, 'operator/invoices/issue');
    const input = parseInput(issueSchema, c.get('body'));
    const inv = await issueWithFile(
      db,
      session.userId,
      input.id,
      input.invoice_no,
      input.file_id ? Number(input.file_id) : null,
      c.get('ip'),
    );
    await mailIssued(c, inv);
    return ok(c, { invoice: viewInvoiceRow(inv) }, 'invoice.issued');
  })
  .post('/operator/invoice/reject', async (c) => {
    const { db, session } = await requireOperator(c, 'operator/invoices/issue');
    const input = parseInput(rejectInvoiceSchema, c.get('body'));
    return ok(
      c,
      { invoice: viewInvoiceRow(await rejectInvoice(db, session.userId, input.id, input.reason, { ip: c.get('ip') })) },
      'invoice.rejected',
    );
  });

invoicesRouter.onError(dataErrorHandler);
