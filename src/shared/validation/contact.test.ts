import { CONTACT_MESSAGES } from '../api/contact';
import { CONTACT_MESSAGE_MAX } from '../constants';
import { CONTACT_INITIAL_VALUES, contactSchema } from './contact';
import { validateInOrder } from './firstError';

const ok = {
  fullName: 'Ann Lee',
  email: 'ann@example.com',
  message: 'We run ads on Meta and Google.',
  newsletter: true,
  partnership: false,
};
const firstError = async (value: unknown) => (await validateInOrder(contactSchema, value)).error;

describe('the contact schema (spec section 5)', () => {
  it('accepts a complete message', async () => {
    expect(await firstError(ok)).toBeUndefined();
  });

  it('carries every spec message, naming the field', async () => {
    expect(await firstError({ ...ok, fullName: '' })).toEqual({
      message: 'Please enter your full name.',
      field: 'fullName',
    });
    expect(await firstError({ ...ok, fullName: '   ' })).toEqual({
      message: 'Please enter your full name.',
      field: 'fullName',
    });
    expect(await firstError({ ...ok, email: '' })).toEqual({
      message: 'Please enter a valid email address.',
      field: 'email',
    });
    expect(await firstError({ ...ok, email: 'ann@' })).toEqual({
      message: 'Please enter a valid email address.',
      field: 'email',
    });
    expect(await firstError({ ...ok, email: 'ann example.com' })).toEqual({
      message: 'Please enter a valid email address.',
      field: 'email',
    });
    expect(await firstError({ ...ok, message: ' \n ' })).toEqual({
      message: 'Tell us a bit about your request.',
      field: 'message',
    });
    expect(await firstError({ ...ok, message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) })).toEqual({
      message: 'Please keep your message under 1000 characters.',
      field: 'message',
    });
    expect(await firstError({ ...ok, website: 'http://spam.example' })).toEqual({
      message: 'Spam detected.',
      field: 'website',
    });
  });

  it('allows exactly the maximum length, counted after trimming', async () => {
    expect(await firstError({ ...ok, message: `  ${'x'.repeat(CONTACT_MESSAGE_MAX)}  ` })).toBeUndefined();
  });

  it('reports the first field in form order', async () => {
    expect((await firstError({}))?.message).toBe(CONTACT_MESSAGES.fullNameRequired);
    expect((await firstError({ fullName: 'A' }))?.message).toBe(CONTACT_MESSAGES.emailInvalid);
  });

  it('trims values and defaults the boxes: newsletter on, partnership off', async () => {
    const value = await contactSchema.validate({
      fullName: '  Ann Lee ',
      email: ' ann@example.com ',
      message: '  Hello  ',
      website: '  ',
    });
    expect(value).toEqual({
      fullName: 'Ann Lee',
      email: 'ann@example.com',
      message: 'Hello',
      newsletter: true,
      partnership: false,
      website: '',
    });
    expect(CONTACT_INITIAL_VALUES).toMatchObject({ newsletter: true, partnership: false });
  });
});
