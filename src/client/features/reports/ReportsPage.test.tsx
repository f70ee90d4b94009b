import { renderWithProviders } from '@client/test/renderWithProviders';
import { reportsApiHandlers } from '@client/test/reports.handlers';
import { server } from '@client/test/server';
import { REPORT_MESSAGES, REPORT_VALIDATION } from '@shared/api/reports';
import { act, fireEvent, screen, within } from '@testing-library/react';

import { DRAFT_PREVIEW_HEADING, DRAFT_PREVIEW_INCOMPLETE } from './DraftPreview';
import { SECTIONS_LEGEND } from './ReportForm';
import { PREVIEW_HEADING, REPORTS_TITLE, ReportsPage } from './ReportsPage';
import { savedReport, schedulesApiHandlers } from './schedules.testHandlers';
import { SCHEDULE_HEADING } from './ScheduleSection';
import { NO_DELIVERIES, SENT_REPORTS_HEADING } from './SentReports';

const saved = savedReport;

describe('ReportsPage: build, preview and share client reports', () => {
  it('builds a report with sections in the chosen order, by keyboard, and previews it', async () => {
    const mock = reportsApiHandlers();
    server.use(...mock.handlers, ...schedulesApiHandlers().handlers);
    const { user } = renderWithProviders(<ReportsPage canWrite />, { route: '/reports' });
    expect(screen.getByRole('heading', { level: 1, name: REPORTS_TITLE })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'New report' });

    // Nothing chosen: the shared schema's message, and nothing sent.
    const sections = within(form).getByRole('group', { name: SECTIONS_LEGEND });
    for (const box of within(sections).getAllByRole('checkbox', { checked: true })) await user.click(box);
    await user.type(within(form).getByRole('textbox', { name: /report name/i }), 'Acme weekly');
    await user.click(within(form).getByRole('button', { name: 'Create report' }));
    expect(await within(form).findByText(REPORT_VALIDATION.sectionsRequired)).toBeInTheDocument();
    expect(mock.posted).toEqual([]);

    // Choose two sections, put "By platform" first with the keyboard.
    await user.click(within(sections).getByRole('checkbox', { name: /Headline figures/ }));
    await user.click(within(sections).getByRole('checkbox', { name: /By platform/ }));
    const up = within(sections).getByRole('button', { name: 'Move By platform up' });
    act(() => up.focus());
    await user.keyboard('{Enter}');
    expect(up).toHaveFocus();
    await user.keyboard('{Enter}');
    // At the top "up" is disabled: the keyboard stays on the section, on its other button.
    expect(within(sections).getByRole('button', { name: 'Move By platform down' })).toHaveFocus();
    await user.click(within(form).getByRole('radio', { name: 'Last month' }));
    await user.click(within(form).getByRole('button', { name: 'Create report' }));

    const preview = await screen.findByRole('region', { name: PREVIEW_HEADING });
    expect(mock.posted).toEqual([
      { name: 'Acme weekly', sections: ['platforms', 'headline'], period: 'last_month', currency: 'USD' },
    ]);
    expect(await within(preview).findByRole('region', { name: 'Headline figures' })).toHaveTextContent('USD 1,234.50');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('asks for custom dates, and refuses a period in the future', async () => {
    server.use(...reportsApiHandlers().handlers, ...schedulesApiHandlers().handlers);
    const { user } = renderWithProviders(<ReportsPage canWrite />, { route: '/reports' });
    const form = await screen.findByRole('form', { name: 'New report' });
    await user.type(within(form).getByRole('textbox', { name: /report name/i }), 'Custom');
    await user.click(within(form).getByRole('radio', { name: 'Custom dates' }));
    await user.click(within(form).getByRole('button', { name: 'Create report' }));
    expect(await within(form).findByText(REPORT_VALIDATION.customNeedsFrom)).toBeInTheDocument();
    // A date field takes a whole day at once (typing it key by key passes through invalid values),
    // and tells of it as a browser does when a day is picked: an input event, then a change event.
    const future = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    for (const label of ['From', 'To']) {
      fireEvent.input(within(form).getByLabelText(label), { target: { value: future } });
      fireEvent.change(within(form).getByLabelText(label), { target: { value: future } });
    }
    await user.click(within(form).getByRole('button', { name: 'Create report' }));
    expect(await within(form).findByText(REPORT_MESSAGES.futurePeriod)).toBeInTheDocument();
  });

  it('makes and revokes a share link', async () => {
    server.use(...reportsApiHandlers([saved]).handlers, ...schedulesApiHandlers().handlers);
    const { user } = renderWithProviders(<ReportsPage canWrite />, { route: '/reports' });
    const links = await screen.findByRole('region', { name: 'Share links' });
    await user.click(within(links).getByRole('button', { name: /Create a share link/ }));
    expect(await within(links).findByRole('link', { name: /shared\/reports\// })).toBeInTheDocument();
    await user.click(within(links).getByRole('button', { name: /Revoke the link/ }));
    await screen.findByRole('button', { name: /Create a share link/ });
    expect(within(links).queryByRole('link')).not.toBeInTheDocument();
  });

  it('lets a client read and download, with nothing to change', async () => {
    server.use(...reportsApiHandlers([saved]).handlers, ...schedulesApiHandlers().handlers);
    renderWithProviders(<ReportsPage canWrite={false} />, { route: '/reports' });
    expect(await screen.findByRole('region', { name: PREVIEW_HEADING })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: SENT_REPORTS_HEADING })).toHaveTextContent(NO_DELIVERIES);
    expect(screen.queryByRole('region', { name: SCHEDULE_HEADING })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Share links' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New report' })).not.toBeInTheDocument();
  });

  it('previews the unsaved values of a new report as they are typed', async () => {
    const schedules = schedulesApiHandlers();
    server.use(...reportsApiHandlers().handlers, ...schedules.handlers);
    const { user } = renderWithProviders(<ReportsPage canWrite />, { route: '/reports' });
    const form = await screen.findByRole('form', { name: 'New report' });
    await user.click(within(form).getByRole('radio', { name: 'Last month' }));
    // Without a name the values do not pass the schema: nothing is asked for.
    const draft = await screen.findByRole('region', { name: DRAFT_PREVIEW_HEADING });
    expect(draft).toHaveTextContent(DRAFT_PREVIEW_INCOMPLETE);
    await user.type(within(form).getByRole('textbox', { name: /report name/i }), 'Acme draft');

    expect(await within(draft).findByRole('article', { name: /Acme draft/ })).toBeInTheDocument();
    // Debounced: the name typed key by key is asked for once, whole.
    expect(schedules.previewed).toEqual([
      {
        name: 'Acme draft',
        sections: ['headline', 'chart', 'platforms', 'campaigns'],
        period: 'last_month',
        currency: 'USD',
      },
    ]);
    expect(schedules.previewed.length).toBe(1);
  });

  it('previews an edit of a saved report beside its saved preview', async () => {
    const schedules = schedulesApiHandlers();
    server.use(...reportsApiHandlers([saved]).handlers, ...schedules.handlers);
    const { user } = renderWithProviders(<ReportsPage canWrite />, { route: '/reports' });
    const form = await screen.findByRole('form', { name: 'Edit Acme weekly' });
    expect(screen.queryByRole('region', { name: DRAFT_PREVIEW_HEADING })).not.toBeInTheDocument();
    await user.click(
      within(within(form).getByRole('group', { name: SECTIONS_LEGEND })).getByRole('checkbox', {
        name: /Spend, CTR and conversions/,
      }),
    );

    const draft = await screen.findByRole('region', { name: DRAFT_PREVIEW_HEADING });
    expect(await within(draft).findByRole('article', { name: /Acme weekly/ })).toBeInTheDocument();
    expect(schedules.previewed.at(-1)).toEqual({
      name: 'Acme weekly',
      sections: ['headline', 'platforms', 'chart'],
      period: 'last_week',
      currency: 'USD',
    });
    // The saved report's own preview is still there.
    expect(screen.getByRole('region', { name: PREVIEW_HEADING })).toBeInTheDocument();
  });
});
