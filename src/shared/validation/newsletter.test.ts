import { NEWSLETTER_MESSAGES } from '../api/newsletter';
import { validateInOrder } from './firstError';
import { newsletterEmailSchema, newsletterSubscribeSchema, newsletterTokenSchema } from './newsletter';

describe('the newsletter schemas', () => {
  it('lets a signed-in user leave the address out, and lower-cases a given one', async () => {
    expect(await newsletterSubscribeSchema.validate({ source: 'footer' })).toEqual({ source: 'footer' });
    expect(await newsletterSubscribeSchema.validate({ email: ' Ann@Example.COM ', source: 'features' })).toEqual({
      email: 'ann@example.com',
      source: 'features',
    });
  });

  it('refuses a bad address or an unknown source', async () => {
    expect((await validateInOrder(newsletterSubscribeSchema, { email: 'nope', source: 'footer' })).error).toEqual({
      message: NEWSLETTER_MESSAGES.emailRequired,
      field: 'email',
    });
    expect((await validateInOrder(newsletterSubscribeSchema, { source: 'spam' })).error?.field).toBe('source');
  });

  it("requires a visitor's address", async () => {
    expect((await validateInOrder(newsletterEmailSchema, { email: '' })).error?.message).toBe(
      'Please enter a valid email address.',
    );
  });

  it('requires the token of a link', async () => {
    expect((await validateInOrder(newsletterTokenSchema, {})).error?.message).toBe(NEWSLETTER_MESSAGES.missingToken);
  });
});
