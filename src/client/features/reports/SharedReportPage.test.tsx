import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { REPORT_MESSAGES, type ReportSharedView } from '@shared/api/reports';
import { api } from '@client/test/handlers';
import { reportData } from '@client/test/reports.handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { SharedReportPage } from './SharedReportPage';

const TOKEN = '00000000-0000-4000-8000-000000000001.signature';

function setup(answer: () => Response) {
  server.use(http.get(api(`shared/reports/${encodeURIComponent(TOKEN)}/`), answer));
  return renderWithProviders(
    <Routes>
      <Route path="/shared/reports/:token" element={<SharedReportPage />} />
    </Routes>,
    { route: `/shared/reports/${encodeURIComponent(TOKEN)}` },
  );
}

describe('SharedReportPage: a shared report, read-only and without signing in', () => {
  it('shows the branded report and its figures, with nothing to change', async () => {
    const view: ReportSharedView = { ...reportData({ id: 'r1', name: 'Acme weekly', currency: 'USD' }), expires_at: '2030-04-10T09:00:00.000Z' };
    setup(() => HttpResponse.json(view));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme weekly' })).toBeInTheDocument();
    const headline = screen.getByRole('region', { name: 'Headline figures' });
    expect(headline).toHaveTextContent('USD 1,234.50');
    expect(headline).toHaveTextContent('+12.3% vs previous period');
    expect(within(screen.getByRole('region', { name: 'By platform' })).getByRole('table', { name: 'By platform' })).toHaveTextContent('Google Ads');
    expect(screen.getByText(/Shared by Northwind Agency/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it.each([
    [REPORT_MESSAGES.linkExpired, 410],
    [REPORT_MESSAGES.linkRevoked, 410],
    [REPORT_MESSAGES.linkNotFound, 404],
    [REPORT_MESSAGES.linkPaused, 403],
  ])('says “%s” and shows no data', async (detail, status) => {
    setup(() => HttpResponse.json({ detail, code: { 410: 'gone', 404: 'not_found', 403: 'forbidden' }[status] }, { status }));
    expect(await screen.findByRole('heading', { level: 1, name: detail })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Headline figures' })).not.toBeInTheDocument();
  });
});
