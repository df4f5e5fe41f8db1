import { describe, expect, test } from 'bun:test';
import { parseInfo, readAnswer, solution, solves, type StoredAnswer } from './answer';
import { formatCaptchaInfo } from './schemas';

const answer: StoredAnswer = {
  w: 350,
  h: 200,
  boxes: [
    [50, 60, 25],
    [200, 100, 30],
    [300, 40, 20],
  ],
};

describe('captcha answers', () => {
  test('parses the reference format x1,y1-x2,y2;renderedWidth;renderedHeight', () => {
    expect(parseInfo('1,2-3.5,4;350;200')).toEqual({
      points: [
        { x: 1, y: 2 },
        { x: 3.5, y: 4 },
      ],
      width: 350,
      height: 200,
    });
    for (const bad of ['', '1,2', '1,2;350', '1,2;0;200', '1,2;350;0', '-1,2;350;200', '1,2,3;350;200', '1,2-;350;200', 'a,b;1;1']) {
      expect(parseInfo(bad)).toBeNull();
    }
  });

  test('each click must hit its own box, in order, with box edges included', () => {
    expect(solves(answer, '50,60-200,100-300,40;350;200')).toBe(true);
    expect(solves(answer, '75,85-230,70-320,20;350;200')).toBe(true); // corners
    expect(solves(answer, '76,60-200,100-300,40;350;200')).toBe(false);
    expect(solves(answer, '200,100-50,60-300,40;350;200')).toBe(false);
    expect(solves(answer, '50,60-200,100;350;200')).toBe(false);
    expect(solves(answer, '50,60-200,100-300,40-10,10;350;200')).toBe(false);
  });

  test('clicks are scaled from the rendered size, per axis', () => {
    expect(solves(answer, '25,30-100,50-150,20;175;100')).toBe(true);
    expect(solves(answer, '100,120-400,200-600,80;700;400')).toBe(true);
    expect(solves(answer, '50,30-200,50-300,20;350;100')).toBe(true);
    expect(solves(answer, '50,60-200,100-300,40;175;100')).toBe(false);
  });

  test('the solution solves; formatCaptchaInfo writes what parseInfo reads', () => {
    expect(solves(answer, solution(answer))).toBe(true);
    const info = formatCaptchaInfo(
      [
        { x: 12.3456, y: 7 },
        { x: 0, y: 199.999 },
      ],
      350.5,
      200,
    );
    expect(info).toBe('12.35,7-0,200;350.5;200');
    expect(parseInfo(info)?.points).toHaveLength(2);
  });

  test('a stored answer that is not one reads as null', () => {
    expect(readAnswer(JSON.stringify(answer))).toEqual(answer);
    for (const bad of ['', '{', '{"w":0,"h":1,"boxes":[]}', '{"w":1,"h":1,"boxes":[[1,2]]}', '{"w":1,"h":1,"boxes":[[1,2,"x"]]}']) {
      expect(readAnswer(bad)).toBeNull();
    }
  });
});
