import { fakeScore, savedAnalysis } from '@client/test/creative.handlers';
import { api } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { CREATIVE_MESSAGES, type CreativeSharedView } from '@shared/api/creative';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { OVERALL_HEADING, RESULTS_HEADING } from './CreativeResults';
import { SHARED_TITLE, SharedCreativePage } from './SharedCreativePage';

const copy = {
  placement: 'meta_feed' as const,
  headlines: ['Save 30% this week'],
  primary_text: 'Join teams.',
  description: '',
  cta: 'Sign up',
  landing_url: '',
};
const TOKEN = '00000000-0000-4000-8000-000000000001.signature';

function setup(answer: () => Response) {
  server.use(http.get(api(`shared/creative/${encodeURIComponent(TOKEN)}/`), answer));
  return renderWithProviders(
    <Routes>
      <Route path="/shared/creative/:token" element={<SharedCreativePage />} />
    </Routes>,
    { route: `/shared/creative/${encodeURIComponent(TOKEN)}` },
  );
}

describe('SharedCreativePage: a shared result, read-only and without signing in', () => {
  it('shows the result and who shared it, with nothing to change', async () => {
    const view: CreativeSharedView = {
      ...savedAnalysis('00000000-0000-4000-9000-000000000001', copy),
      workspace_name: 'Acme Shoes',
      expires_at: '2030-04-04T14:05:00.000Z',
    };
    setup(() => HttpResponse.json(view));
    expect(screen.getByRole('heading', { level: 1, name: SHARED_TITLE })).toBeInTheDocument();
    const results = await screen.findByRole('region', { name: RESULTS_HEADING });
    expect(within(results).getByRole('region', { name: OVERALL_HEADING })).toHaveTextContent(`${fakeScore(copy)}/100`);
    expect(screen.getByText(/Shared by Acme Shoes/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it.each([
    [CREATIVE_MESSAGES.linkExpired, 410],
    [CREATIVE_MESSAGES.linkRevoked, 410],
    [CREATIVE_MESSAGES.linkNotFound, 404],
  ])('says “%s” and shows no data', async (detail, status) => {
    setup(() => HttpResponse.json({ detail, code: status === 410 ? 'gone' : 'not_found' }, { status }));
    expect(await screen.findByRole('heading', { level: 1, name: detail })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: RESULTS_HEADING })).not.toBeInTheDocument();
  });
});
