import { afterEach, describe, expect, test } from 'bun:test';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { fileSizeText } from '~/lib/upload-checks';
import { UploadArea } from './upload-area';

afterEach(cleanup);

const rules = { maxSize: 2048, allowedSuffixes: 'jpg,png,pdf', allowedMimeTypes: 'image/png,application/pdf' };
const input = (c: HTMLElement) => c.querySelector<HTMLInputElement>('input[type=file]')!;
function pick(c: HTMLElement, ...files: File[]) {
  Object.defineProperty(input(c), 'files', { value: files, configurable: true });
  fireEvent.change(input(c));
}
const text = (c: HTMLElement, sel: string) => c.querySelector(sel)?.textContent ?? null;

describe('UploadArea', () => {
  test('says what it takes before anything is chosen, in the page language', () => {
    const en = render(<UploadArea locale="en" rules={rules} onFiles={() => {}} />).container;
    expect(text(en, '.upload-area-prompt')).toBe('Choose a file or drag it here');
    expect(text(en, '.upload-area-rules')).toBe('Accepted: JPG, PNG, PDFUp to 2\u00a0KB per file');
    expect(input(en).accept).toBe('.jpg,.png,.pdf');
    // The native input is there for the keyboard and screen readers, named by the zone.
    expect(input(en).labels?.[0]?.className).toBe('upload-area-zone');
    cleanup();
    const zh = render(<UploadArea locale="zh-cn" rules={rules} image onFiles={() => {}} />).container;
    expect(text(zh, '.upload-area-prompt')).toBe('点击选择图片，或将图片拖到这里');
    expect(text(zh, '.upload-area-rules')).toBe('支持 JPG、PNG单个文件不超过 2\u00a0KB');
  });

  test('runs the spec checks in order; only the files that pass go on, the first refusal is named', () => {
    const got: string[] = [];
    const c = render(<UploadArea locale="en" rules={rules} multiple onFiles={(fs) => got.push(...fs.map((f) => f.name))} />).container;
    pick(c, new File([new Uint8Array(10)], 'a.png'), new File([new Uint8Array(10)], 'b.exe'), new File([new Uint8Array(4096)], 'c.pdf'));
    expect(got).toEqual(['a.png']);
    expect(text(c, '[role=alert]')).toBe('b.exe: The type of uploaded file is not allowed!');
    cleanup();
    const zh = render(<UploadArea locale="zh-cn" rules={rules} onFiles={() => {}} />).container;
    pick(zh, new File([new Uint8Array(4096)], 'big.png'));
    expect(text(zh, '[role=alert]')).toBe('上传的文件大小超出允许范围！');
    pick(zh, new File([], 'empty.png'));
    expect(text(zh, '[role=alert]')).toBe('上传的文件数据不完整！');
  });

  test('a dropped file is taken like a chosen one, and shown with its size', () => {
    const got: File[] = [];
    const c = render(<UploadArea locale="en" kinds={['pdf']} showChosen onFiles={(fs) => got.push(...fs)} />).container;
    const zone = c.querySelector('.upload-area-zone')!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(c.querySelector('.upload-area')?.hasAttribute('data-dragging')).toBe(true);
    expect(text(c, '.upload-area-prompt')).toBe('Drop to add');
    const file = new File([new Uint8Array(1536)], 'Signed copy.pdf', { type: 'application/pdf' });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(got).toEqual([file]);
    expect(text(c, '.upload-area-file')).toBe('Signed copy.pdf');
    expect(text(c, '.upload-area-size')).toBe('1.5\u00a0KB');
    // A kind this place does not take is refused before anything happens.
    fireEvent.drop(zone, { dataTransfer: { files: [new File([new Uint8Array(3)], 'x.png', { type: 'image/png' })] } });
    expect(got).toHaveLength(1);
    expect(text(c, '[role=alert]')).toBe('The type of uploaded file is not allowed!');
  });
});

test('file sizes read as people say them, never split from their unit', () => {
  expect(fileSizeText(850)).toBe('850\u00a0B');
  expect(fileSizeText(10 * 1024 * 1024)).toBe('10\u00a0MB');
  expect(fileSizeText(1234567, 'zh-cn')).toBe('1.2\u00a0MB');
});
