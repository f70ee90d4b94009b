import { render, screen } from '@testing-library/react';
import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactElement } from 'react';

import { FormSubmit } from './FormSubmit';

const renderToHtml = renderToStringAsync as unknown as (element: ReactElement) => Promise<string>;

describe('FormSubmit', () => {
  it('is disabled in the prerendered page, so a click before hydration cannot submit the form natively', async () => {
    const html = await renderToHtml(<FormSubmit label="Login" submitting={false} />);
    expect(html).toMatch(/<button[^>]*\sdisabled/);
  });

  it('is enabled once the app has taken the page over, and shows the last failure', () => {
    render(<FormSubmit label="Login" submitting={false} failure="Wrong password" failureId="f" />);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong password');
  });
});
