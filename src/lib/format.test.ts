import { describe, expect, test } from 'bun:test';
import { assetUrl, fen, formatDate, formatMoney, greeting, hourIn, signedFen, toMillis, validTimeZone, yuan } from './format';

describe('formatDate', () => {
  const tz = 'Asia/Shanghai';
  test('10-digit numbers are seconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(formatDate(1_700_000_000, undefined, tz)).toBe('2023-11-15 06:13:20');
  });
  test('13-digit numbers are milliseconds', () => {
    expect(formatDate(1_700_000_000_000, undefined, tz)).toBe('2023-11-15 06:13:20');
  });
  test('numeric strings and Date objects', () => {
    expect(formatDate('1700000000', 'YYYY-MM-DD', tz)).toBe('2023-11-15');
    expect(formatDate(new Date(Date.UTC(2024, 0, 1, 16, 0, 0)), 'YYYY-MM-DD HH:mm', tz)).toBe('2024-01-02 00:00');
  });
  test('uses the given time zone, not the host', () => {
    expect(formatDate(1_700_000_000, 'HH:mm', 'UTC')).toBe('22:13');
    expect(formatDate(1_700_000_000, 'HH:mm', 'America/New_York')).toBe('17:13');
  });
  test('custom formats', () => {
    expect(formatDate(1_700_000_000, 'DD/MM/YYYY ss', tz)).toBe('15/11/2023 20');
  });
  test("'none' and empty values give the none label", () => {
    expect(formatDate('none')).toBe('None');
    expect(formatDate('none', undefined, tz, { none: '无' })).toBe('无');
    expect(formatDate(null, undefined, tz, { none: '无' })).toBe('无');
    expect(formatDate(0)).toBe('None');
  });
  test('unparseable input is returned as is', () => {
    expect(formatDate('not a date')).toBe('not a date');
  });
  test('midnight is 00, not 24', () => {
    expect(formatDate(Date.UTC(2024, 0, 1, 16, 0, 0), 'HH', tz)).toBe('00');
    expect(hourIn(Date.UTC(2024, 0, 1, 16, 0, 0), tz)).toBe(0);
  });
});

describe('greeting', () => {
  test.each([
    [0, 'greeting.lateNight'],
    [4, 'greeting.lateNight'],
    [5, 'greeting.earlyMorning'],
    [8, 'greeting.earlyMorning'],
    [9, 'greeting.morning'],
    [11, 'greeting.morning'],
    [12, 'greeting.noon'],
    [13, 'greeting.noon'],
    [14, 'greeting.afternoon'],
    [17, 'greeting.afternoon'],
    [18, 'greeting.evening'],
    [23, 'greeting.evening'],
  ])('hour %i → %s', (h, key) => {
    expect(greeting(h)).toBe(key as ReturnType<typeof greeting>);
  });
});

describe('formatMoney', () => {
  test('two decimals and separators', () => {
    expect(formatMoney('1280')).toBe('1,280.00');
    expect(formatMoney(12.5)).toBe('12.50');
    expect(formatMoney('x')).toBe('x');
  });
});

describe('validTimeZone', () => {
  test('keeps real IANA zones and drops junk', () => {
    expect(validTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(validTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(validTimeZone('Mars/Olympus')).toBeNull();
    expect(validTimeZone('<script>')).toBeNull();
    expect(validTimeZone(undefined)).toBeNull();
  });
});

describe('assetUrl', () => {
  test('leaves absolute, protocol-relative and data:image URLs alone', () => {
    for (const v of ['https://cdn.example/a.png', 'http://x/y.png', '//cdn.example/a.png', 'data:image/png;base64,AAAA']) {
      expect(assetUrl(v, 'https://cdn.test')).toBe(v);
    }
  });
  test('prefixes relative paths with the CDN, else the default host', () => {
    expect(assetUrl('/storage/a.png', 'https://cdn.test/')).toBe('https://cdn.test/storage/a.png');
    expect(assetUrl('storage/a.png', '', 'https://portal.test')).toBe('https://portal.test/storage/a.png');
  });
  test('splits comma lists and prefixes each entry', () => {
    expect(assetUrl('/a.png,https://x/b.png, /c.png', 'https://cdn.test')).toBe(
      'https://cdn.test/a.png,https://x/b.png,https://cdn.test/c.png',
    );
  });
});

describe('money for display', () => {
  test('yuan, fen and signedFen', () => {
    expect(yuan('1280.5')).toBe('¥1,280.50');
    expect(yuan(-12)).toBe('−¥12.00');
    expect(fen(128050)).toBe('¥1,280.50');
    expect([signedFen(100), signedFen(-100), signedFen(0)]).toEqual(['+¥1.00', '−¥1.00', '¥0.00']);
  });
});
