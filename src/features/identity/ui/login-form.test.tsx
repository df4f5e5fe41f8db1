import { afterEach, describe, expect, mock, test } from 'bun:test';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { apiMessage } from '~/features/_shared/messages';
import { loginSchema } from '../schemas';
import { checkInput } from '~/lib/schema';
import { LoginForm } from './login-form';

afterEach(cleanup);

const text = {
  account: 'Account',
  accountPlaceholder: '',
  password: 'Password',
  passwordPlaceholder: '',
  keep: 'Keep',
  submit: 'Log in',
  submitting: '…',

  unknown: 'Unknown',
  validate: {
    'validate.required': 'Required',
    'validate.account': 'Bad account',
    'validate.password': 'Bad password',
    'validate.email': 'Bad email',
    'validate.mobile': 'Bad mobile',
  },
};

describe('LoginForm', () => {
  test('renders a no-JS form with the right field names and the hidden target', () => {
    const { container } = render(<LoginForm to="/user/account/profile" error="" text={text} />);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/user/login');
    expect(container.querySelector('input[name=account]')).not.toBeNull();
    expect(container.querySelector('input[name=password][type=password]')).not.toBeNull();
    expect(container.querySelector('input[name=keep][type=checkbox]')).not.toBeNull();
    expect((container.querySelector('input[name=to]') as HTMLInputElement).value).toBe('/user/account/profile');
  });

  test('shows the initial error in role=alert', () => {
    const { getByRole } = render(<LoginForm to="" error="Incorrect account or password" text={text} />);
    expect(getByRole('alert').textContent).toBe('Incorrect account or password');
  });

  test('validates after blur and on submit without posting invalid data', async () => {
    const fetchMock = mock(async () => new Response('{}'));
    const orig = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      const { container, getByLabelText } = render(<LoginForm to="" error="" text={text} />);
      const account = getByLabelText('Account') as HTMLInputElement;
      fireEvent.change(account, { target: { value: '1ab' } });
      fireEvent.blur(account);
      expect(container.textContent).toContain('Bad account');
      expect(account.getAttribute('aria-invalid')).toBe('true');
      await act(async () => {
        fireEvent.submit(container.querySelector('form')!);
      });
      expect(container.textContent).toContain('Required');
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      globalThis.fetch = orig;
    }
  });

  test("shows the shared schema's message, the API's own wording, before any request", async () => {
    const fetchMock = mock(async () => new Response('{}'));
    const orig = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const keys = ['required', 'invalid', 'account', 'password', 'email', 'mobile'].map((k) => `validate.${k}`);
    const english = { ...text, validate: Object.fromEntries(keys.map((k) => [k, apiMessage('en', k)])) };
    try {
      const { container, getByLabelText } = render(<LoginForm to="" error="" text={english} />);
      fireEvent.change(getByLabelText('Account'), { target: { value: 'name@' } });
      fireEvent.change(getByLabelText('Password'), { target: { value: 'a<b' } });
      await act(async () => {
        fireEvent.submit(container.querySelector('form')!);
      });
      // The same schema the API enforces names both fields, with the API's messages.
      const verdict = checkInput(loginSchema, { account: 'name@', password: 'a<b' });
      expect(verdict).toEqual({ ok: false, errors: { account: 'validate.email', password: 'validate.password' } });
      expect(container.textContent).toContain('Please enter the correct email');
      expect(container.textContent).toContain(apiMessage('en', 'validate.password'));
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      globalThis.fetch = orig;
    }
  });

  test('shows the envelope message on failure', async () => {
    const orig = globalThis.fetch;
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ code: 0, message: 'Incorrect account or password', data: null, time: 0 }), {
        status: 401,
      })) as unknown as typeof fetch;
    try {
      const { container, getByLabelText, getByRole } = render(<LoginForm to="" error="" text={text} />);
      fireEvent.change(getByLabelText('Account'), { target: { value: 'demo' } });
      fireEvent.change(getByLabelText('Password'), { target: { value: 'secret123' } });
      await act(async () => {
        fireEvent.submit(container.querySelector('form')!);
        await new Promise((r) => setTimeout(r, 10));
      });
      expect(getByRole('alert').textContent).toBe('Incorrect account or password');
    } finally {
      globalThis.fetch = orig;
    }
  });
});
