import { api } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { reportData } from '@client/test/reports.handlers';
import { server } from '@client/test/server';
import { REPORT_MESSAGES, type ReportSectionData, type ReportSharedView } from '@shared/api/reports';
import { FIRST_PARTY_HEADING } from '@shared/firstPartyFormat';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

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
    const view: ReportSharedView = {
      ...reportData({ id: 'r1', name: 'Acme weekly', currency: 'USD' }),
      expires_at: '2030-04-10T09:00:00.000Z',
    };
    setup(() => HttpResponse.json(view));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme weekly' })).toBeInTheDocument();
    const headline = screen.getByRole('region', { name: 'Headline figures' });
    expect(headline).toHaveTextContent('USD 1,234.50');
    expect(headline).toHaveTextContent('+12.3% vs previous period');
    expect(
      within(screen.getByRole('region', { name: 'By platform' })).getByRole('table', { name: 'By platform' }),
    ).toHaveTextContent('Google Ads');
    expect(screen.getByText(/Shared by Northwind Agency/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("says whose the conversions are, each platform's window, and the workspace's own numbers beside them", async () => {
    const data = reportData({ id: 'r1', name: 'Acme weekly', currency: 'USD' });
    const windowOf = (platform: 'google' | 'meta', label: string) => ({
      platform,
      basis: 'platform-reported' as const,
      label,
      click_days: null,
      view_days: null,
      windows: [],
      updated_at: null,
    });
    const [headline, ...rest] = data.sections;
    const view: ReportSharedView = {
      ...data,
      sections: [
        {
          ...(headline as Extract<ReportSectionData, { key: 'headline' }>),
          attribution: [windowOf('google', '30-day click, 1-day view'), windowOf('meta', '7-day click, 1-day view')],
          first_party: {
            days_covered: 7,
            conversions: 40,
            revenue: 4000,
            spend: 1234.5,
            blended_cpa: 30.86,
            blended_roas: 3.24,
            mer: 3.24,
            interval_level: 0.9,
            platforms: [
              {
                platform: 'meta',
                spend: 600,
                spend_share: 0.49,
                claimed_conversions: 45,
                expected_conversions: 19.44,
                over_attribution: { mid: 2.3, low: 1.5, high: 3.6 },
              },
            ],
            unconverted_currencies: [],
          },
        },
        ...rest,
      ],
      expires_at: '2030-04-10T09:00:00.000Z',
    };
    setup(() => HttpResponse.json(view));
    const region = await screen.findByRole('region', { name: 'Headline figures' });
    expect(region).toHaveTextContent('Conversions: Platform-reported · May count a conversion more than once.');
    expect(region).toHaveTextContent(
      'Conversion windows: Google Ads: 30-day click, 1-day view; Meta: 7-day click, 1-day view.',
    );
    const own = within(region).getByRole('region', { name: FIRST_PARTY_HEADING });
    for (const [label, value] of [
      ['Your conversions', '40'],
      ['Your revenue', 'USD 4,000.00'],
      ['Blended CPA', 'USD 30.86'],
      ['Blended ROAS', '3.24×'],
      ['MER', '3.24×'],
      ['Days covered', '7 of 7'],
    ]) {
      expect(within(own).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(own).getByRole('listitem')).toHaveTextContent(
      'Meta claims 2.3× its share (1.5× to 3.6×): 45 claimed where its share of spend explains 19.44.',
    );
  });

  it('says nothing about windows on a report made before they were read', async () => {
    setup(() =>
      HttpResponse.json({
        ...reportData({ id: 'r1', name: 'Acme weekly', currency: 'USD' }),
        expires_at: '2030-04-10T09:00:00.000Z',
      }),
    );
    const region = await screen.findByRole('region', { name: 'Headline figures' });
    expect(region).not.toHaveTextContent('Platform-reported');
    expect(within(region).queryByRole('region', { name: FIRST_PARTY_HEADING })).not.toBeInTheDocument();
  });

  it.each([
    [REPORT_MESSAGES.linkExpired, 410],
    [REPORT_MESSAGES.linkRevoked, 410],
    [REPORT_MESSAGES.linkNotFound, 404],
    [REPORT_MESSAGES.linkPaused, 403],
  ])('says “%s” and shows no data', async (detail, status) => {
    setup(() =>
      HttpResponse.json({ detail, code: { 410: 'gone', 404: 'not_found', 403: 'forbidden' }[status] }, { status }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: detail })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Headline figures' })).not.toBeInTheDocument();
  });
});
