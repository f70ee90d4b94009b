import type { AnyObjectSchema } from 'yup';

import { loginSchema, registerSchema } from './auth';
import { validateInOrder } from './firstError';

const firstError = async (schema: AnyObjectSchema, value: unknown) =>
  (await validateInOrder(schema, value)).error?.message;

describe('account schemas carry the spec messages', () => {
  it('login', async () => {
    expect(await firstError(loginSchema, { password: 'x' })).toBe('Email is required.');
    expect(await firstError(loginSchema, { username: 'nope', password: 'x' })).toBe('Please enter a valid email.');
    expect(await firstError(loginSchema, { username: 'a@b.co' })).toBe('Password is required.');
    expect(await loginSchema.validate({ username: ' Ann@Example.COM ', password: 'x' })).toMatchObject({
      username: 'ann@example.com',
      remember: true,
    });
  });
  it('register', async () => {
    const ok = { fullName: 'Ann Lee', email: 'ann@example.com', password: 'longenough', confirmPassword: 'longenough' };
    expect(await firstError(registerSchema, { ...ok, fullName: ' ' })).toBe('Full name is required.');
    expect(await firstError(registerSchema, { ...ok, email: 'x' })).toBe('Please enter a valid email address.');
    expect(await firstError(registerSchema, { ...ok, password: '' })).toBe('Password is required.');
    expect(await firstError(registerSchema, { ...ok, password: 'short', confirmPassword: 'short' })).toBe(
      'Use at least 8 characters.',
    );
    expect(await firstError(registerSchema, { ...ok, confirmPassword: '' })).toBe('Please retype your password.');
    expect(await firstError(registerSchema, { ...ok, confirmPassword: 'different1' })).toBe('Passwords do not match.');
    expect(await firstError(registerSchema, ok)).toBeUndefined();
  });
});
