import { describe, expect, test } from 'bun:test';
import { checkIframeUrl } from './iframe-url';

const hosts = ['help.example.com'];

describe('checkIframeUrl', () => {
  test('embeds http(s) pages on the allow-list', () => {
    const r = checkIframeUrl('https://help.example.com/guide?a=1', hosts);
    expect(r.ok && r.url.href).toBe('https://help.example.com/guide?a=1');
    expect(checkIframeUrl('http://HELP.example.com/', hosts).ok).toBe(true);
  });
  test.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    ' JavaScript:alert(1)',
  ])('refuses the dangerous protocol of %p', (raw) => expect(checkIframeUrl(raw, hosts)).toEqual({ ok: false, reason: 'protocol' }));
  test('refuses hosts that are not on the list, including look-alikes', () => {
    for (const raw of ['https://evil.example/', 'https://help.example.com.evil.example/', 'https://evil.example/help.example.com']) {
      expect(checkIframeUrl(raw, hosts)).toEqual({ ok: false, reason: 'host' });
    }
  });
  test('refuses garbage and credentials in the URL', () => {
    expect(checkIframeUrl('not a url', hosts)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkIframeUrl(null, hosts)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkIframeUrl('https://user:pw@help.example.com/', hosts)).toEqual({ ok: false, reason: 'invalid' });
  });
});
