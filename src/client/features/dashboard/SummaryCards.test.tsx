import { dashboardViewBody } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import type { PlatformAttribution } from '@shared/api/dashboard';
import { describeWindows, MAY_DOUBLE_COUNT, PLATFORM_REPORTED } from '@shared/api/dashboard';
import { screen, within } from '@testing-library/react';

import { SummaryCards } from './SummaryCards';

const attributionOf = (
  platform: PlatformAttribution['platform'],
  label: string,
  clickDays: number,
  viewDays: number,
): PlatformAttribution => ({
  platform,
  basis: 'platform-reported',
  label,
  click_days: clickDays,
  view_days: viewDays,
  windows: [],
  updated_at: '2026-11-28T06:00:00.000Z',
});

const ATTRIBUTION = [
  attributionOf('google', '30-day click, 1-day view', 30, 1),
  attributionOf('meta', '7-day click, 1-day view', 7, 1),
];

describe('the Conversions card', () => {
  it('says the count is platform-reported, may count a conversion twice when platforms are summed, and names each platform’s window', async () => {
    const { user } = renderWithProviders(
      <SummaryCards view={dashboardViewBody({ attribution: ATTRIBUTION })} summedPlatforms={2} />,
    );
    const card = screen.getByRole('group', { name: 'Conversions' });
    expect(card).toHaveTextContent(`${PLATFORM_REPORTED} · ${MAY_DOUBLE_COUNT}`);
    const windows = within(card).getByRole('button', {
      name: 'Conversion windows: Google Ads: 30-day click, 1-day view; Meta: 7-day click, 1-day view',
    });
    // On keyboard focus as on hover, the windows show.
    await user.tab();
    expect(windows).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Each platform counts within its own window. Google Ads: 30-day click, 1-day view; Meta: 7-day click, 1-day view.',
    );
  });

  it('says nothing of double counting for one platform, and shows no window button before any was read', () => {
    renderWithProviders(<SummaryCards view={dashboardViewBody({ attribution: [] })} summedPlatforms={1} />);
    const card = screen.getByRole('group', { name: 'Conversions' });
    expect(card).toHaveTextContent(PLATFORM_REPORTED);
    expect(card).not.toHaveTextContent(MAY_DOUBLE_COUNT);
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('words the windows one platform at a time', () => {
    expect(describeWindows(ATTRIBUTION)).toBe('Google Ads: 30-day click, 1-day view; Meta: 7-day click, 1-day view');
  });
});
