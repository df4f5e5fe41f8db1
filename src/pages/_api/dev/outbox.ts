import { readOutbox } from '~/server/delivery';
import { isProductionRun } from '~/server/runtime-env';

const escapeHtml = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/**
 * GET /dev/outbox: the development outbox (mail and SMS that were not really sent), newest first.
 * Not there when the server runs with NODE_ENV=production (read at run time, not at build):
 * codes must never be readable over HTTP on a live site.
 */
export const GET = () => {
  if (isProductionRun()) return new Response('Not Found', { status: 404 });
  const rows = readOutbox()
    .slice(0, 100)
    .map(
      (m) =>
        `<tr><td>${escapeHtml(new Date(m.created_at * 1000).toISOString())}</td><td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.to)}</td>` +
        `<td>${escapeHtml(m.event)}</td><td><strong>${escapeHtml(m.code)}</strong></td><td>${escapeHtml(m.subject)}<br>${escapeHtml(m.text)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Dev outbox</title><link rel="stylesheet" href="/dev-outbox.css"></head><body><main>
<h1>Development outbox</h1><p>Mail and SMS written to <code>$DATA_DIR/outbox/</code> instead of being sent (no SMTP_URL / SMS_GATEWAY_URL set).</p>
<table><thead><tr><th>Time (UTC)</th><th>Channel</th><th>To</th><th>Event</th><th>Code</th><th>Message</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">Nothing sent yet.</td></tr>'}</tbody></table></main></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
};

export const getConfig = async () => ({ render: 'dynamic' }) as const;
