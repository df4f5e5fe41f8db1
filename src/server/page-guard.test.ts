import { describe, expect, test } from 'bun:test';
import { decidePage, loginUrlFor } from './page-guard';

const member = { session: { userId: 1, tokenId: 1, via: 'token' as const } };
const allowAll = () => 'allowed' as const;

describe('decidePage', () => {
  test('public pages and the login page are open', () => {
    for (const p of ['/', '/offer', '/product', '/user/login']) {
      expect(decidePage({ session: null }, p, '', allowAll).kind).toBe('open');
    }
  });
  test('member pages send anonymous visitors to login with the target kept', () => {
    expect(decidePage({ session: null }, '/user/account/overview', '?a=1', allowAll)).toEqual({
      kind: 'login',
      to: '/user/login?to=%2Fuser%2Faccount%2Foverview%3Fa%3D1',
    });
    expect(decidePage({ session: null }, '/user', '', allowAll).kind).toBe('login');
  });
  test('a page outside the member group is forbidden', () => {
    expect(decidePage(member, '/user/team/teamMange', '', () => 'forbidden').kind).toBe('forbidden');
    expect(decidePage(member, '/user/account/overview', '', allowAll).kind).toBe('member');
  });
  test('loginUrlFor never carries an off-site target', () => {
    expect(loginUrlFor('//evil.example')).toBe('/user/login?to=%2Fuser');
  });
});
