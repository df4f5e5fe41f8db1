import { expect, test } from 'bun:test';
import { checkUpload, parseList, suffixOf } from '~/lib/upload-checks';
import { buildSaveName, cleanFileName } from './save-name';
import { detectKind, imageSize, kindFitsSuffix, sizeAcceptable } from './sniff';
import { resolveInside } from './storage';
import { gifHeader, jpegHeader, pngHeader, text, webpHeader } from '../../../tests/support/upload-files';

const rules = { maxSize: 100, allowedSuffixes: 'jpg, .PNG ,pdf', allowedMimeTypes: ['text/plain'] };

test('the spec checks, in order: name and size, type, size', () => {
  expect(checkUpload({ name: '', size: 10, type: 'image/png' }, rules)).toBe('incomplete');
  expect(checkUpload({ name: 'a.png', size: 0, type: 'image/png' }, rules)).toBe('incomplete');
  // Type comes before size: an oversize .exe is a type problem.
  expect(checkUpload({ name: 'a.exe', size: 1000, type: 'application/x-msdownload' }, rules)).toBe('typeNotAllowed');
  expect(checkUpload({ name: 'A.PNG', size: 1000, type: '' }, rules)).toBe('tooLarge');
  expect(checkUpload({ name: 'A.PNG', size: 100, type: '' }, rules)).toBeNull();
  expect(checkUpload({ name: 'notes', size: 5, type: 'Text/Plain; charset=utf-8' }, rules)).toBeNull();
  expect(checkUpload({ name: 'png', size: 5, type: '' }, rules)).toBe('typeNotAllowed');
});

test('lists: comma-separated or arrays, case and dots ignored', () => {
  expect(parseList(' .JPG, png,,pdf ')).toEqual(['jpg', 'png', 'pdf']);
  expect(parseList(['.Gif', ' webp'])).toEqual(['gif', 'webp']);
  expect(parseList('')).toEqual([]);
  expect(suffixOf('dir/photo.JPEG')).toBe('jpeg');
  expect(suffixOf('.bashrc')).toBe('');
});

test('magic bytes decide the kind; markup fits no suffix', () => {
  expect(detectKind(pngHeader(1, 1))).toBe('png');
  expect(detectKind(jpegHeader(1, 1))).toBe('jpeg');
  expect(detectKind(gifHeader(1, 1))).toBe('gif');
  expect(detectKind(webpHeader(1, 1))).toBe('webp');
  expect(detectKind(text('%PDF-1.7'))).toBe('pdf');
  expect(detectKind(text('\uFEFF  <!DOCTYPE html><p>'))).toBe('markup');
  expect(detectKind(text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBe('markup');
  expect(kindFitsSuffix('markup', 'txt')).toBe(false);
  expect(kindFitsSuffix('png', 'jpg')).toBe(false);
  expect(kindFitsSuffix('zip', 'docx')).toBe(true);
  expect(kindFitsSuffix('unknown', 'txt')).toBe(true);
});

test('image dimensions from the header, and the pixel cap', () => {
  expect(imageSize('png', pngHeader(640, 480))).toEqual({ width: 640, height: 480 });
  expect(imageSize('gif', gifHeader(300, 2))).toEqual({ width: 300, height: 2 });
  expect(imageSize('jpeg', jpegHeader(1024, 768))).toEqual({ width: 1024, height: 768 });
  expect(imageSize('webp', webpHeader(120, 90))).toEqual({ width: 120, height: 90 });
  expect(sizeAcceptable({ width: 6000, height: 6000 })).toBe(true);
  expect(sizeAcceptable({ width: 10000, height: 10000 })).toBe(false);
  expect(sizeAcceptable({ width: 20000, height: 1 })).toBe(false);
  expect(sizeAcceptable({ width: 0, height: 10 })).toBe(false);
});

test('save names: the template filled, every part sanitised, always under storage/', () => {
  const now = new Date('2026-11-24T20:30:00Z');
  const sha1 = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3';
  const base = { topic: 'default', suffix: 'png', sha1, now };
  expect(buildSaveName('', { ...base, name: '头像 photo.png' })).toBe('storage/default/20261125/头像photoa94a8fe5.png');
  expect(buildSaveName('/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}', { ...base, name: '../../etc/passwd.png' })).toBe(
    'storage/default/20261125/passwda94a8fe5.png',
  );
  expect(buildSaveName('/{topic}/../../{fileName}{.suffix}', { ...base, topic: '../..', name: '..png' })).toBe('storage/default/file.png');
  expect(buildSaveName('/up/{random32}{.suffix}', { ...base, name: 'x.png' })).toMatch(/^storage\/up\/[0-9a-f-]{36}\.png$/);
  expect(cleanFileName("a: b@c#d?e&f/g=h'i,j+k.png")).toBe('ghijk');
  expect(cleanFileName('abcdefghijklmnopqrstuvwxyz.pdf')).toBe('abcdefghijklmno');
});

test('resolveInside: the one safe-path check', () => {
  expect(resolveInside('/srv/up', 'storage/a/b.png')).toBe('/srv/up/storage/a/b.png');
  for (const bad of ['../x', 'storage/../../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\..\\b', 'a/\u0000b', '', 'a/..']) {
    expect(resolveInside('/srv/up', bad)).toBeNull();
  }
});
