import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { RAVI_ID } from '@client/test/team.handlers';
import { type ReportSchedule, SCHEDULE_VALIDATION } from '@shared/api/reportSchedules';
import { screen, waitFor, within } from '@testing-library/react';

import { savedReport, schedulesApiHandlers } from './schedules.testHandlers';
import {
  browserTimeZone,
  EMAILS_LABEL,
  REVIEW_HELP,
  REVIEW_LABEL,
  SCHEDULE_HEADING,
  SCHEDULE_REMOVED,
  SCHEDULE_SAVED,
  ScheduleSection,
  splitEmails,
} from './ScheduleSection';

function setup(options: Parameters<typeof schedulesApiHandlers>[0] = {}) {
  const mock = schedulesApiHandlers(options);
  server.use(...mock.handlers);
  const view = renderWithProviders(<ScheduleSection report={savedReport} />, { route: '/reports' });
  return { mock, ...view };
}

const scheduleForm = () => screen.findByRole('form', { name: `Schedule of ${savedReport.name}` });

describe('ScheduleSection: when a report is sent, and to whom', () => {
  it('splits typed addresses on lines and commas, dropping empties', () => {
    expect(splitEmails(' a@x.example,\n\nb@x.example ; c@x.example,, ')).toEqual([
      'a@x.example',
      'b@x.example',
      'c@x.example',
    ]);
  });

  it('names every bad address and sends nothing', async () => {
    const { mock, user } = setup();
    const form = await scheduleForm();
    await user.click(within(form).getByRole('textbox', { name: EMAILS_LABEL }));
    await user.paste('client@acme.example\nnot-an-address, also bad');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(
      await within(form).findByText(SCHEDULE_VALIDATION.badEmails(['not-an-address', 'also bad'])),
    ).toBeInTheDocument();
    expect(mock.saved).toEqual([]);
  });

  it('asks for a recipient', async () => {
    const { mock, user } = setup();
    const form = await scheduleForm();
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(await within(form).findByText(SCHEDULE_VALIDATION.noRecipients)).toBeInTheDocument();
    expect(mock.saved).toEqual([]);
  });

  it('saves a monthly schedule with members, outside addresses and review, and shows the next run', async () => {
    const { mock, user } = setup();
    const form = await scheduleForm();
    // The review switch says what it does.
    expect(within(form).getByRole('switch', { name: REVIEW_LABEL })).toHaveAccessibleDescription(REVIEW_HELP);
    await user.click(within(form).getByRole('radio', { name: /Monthly/ }));
    await user.click(within(form).getByRole('combobox', { name: 'Day of the month' }));
    await user.click(await screen.findByRole('option', { name: '15' }));
    await user.click(within(form).getByRole('combobox', { name: 'Hour' }));
    await user.click(await screen.findByRole('option', { name: '07:00' }));
    await user.click(await within(form).findByRole('checkbox', { name: /Ravi Kumar/ }));
    await user.click(within(form).getByRole('textbox', { name: EMAILS_LABEL }));
    await user.paste('boss@acme.example, client@acme.example\n\n');
    await user.click(within(form).getByRole('switch', { name: REVIEW_LABEL }));
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));

    expect(await screen.findByText(SCHEDULE_SAVED)).toBeInTheDocument();
    expect(mock.saved).toEqual([
      {
        reportId: savedReport.id,
        input: {
          frequency: 'monthly',
          weekday: null,
          day_of_month: 15,
          hour: 7,
          time_zone: browserTimeZone(),
          members: [RAVI_ID],
          emails: ['boss@acme.example', 'client@acme.example'],
          review: true,
          enabled: true,
        },
      },
    ]);
    expect(await screen.findByText(/^Next run: .*2030/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove schedule' })).toBeInTheDocument();
  });

  it('shows the server’s refusal under the addresses', async () => {
    const detail = SCHEDULE_VALIDATION.badEmails(['someone@localhost']);
    const { user } = setup({
      refuseSave: { status: 400, body: { detail, code: 'validation_failed', field: 'emails' } },
    });
    const form = await scheduleForm();
    const emails = within(form).getByRole('textbox', { name: EMAILS_LABEL });
    await user.click(emails);
    await user.paste('someone@localhost.example');
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(await within(form).findByText(detail)).toBeInTheDocument();
    expect(emails).toHaveAccessibleDescription(detail);
  });

  it('shows a saved weekly schedule in its zone, and removes it', async () => {
    const schedule: ReportSchedule = {
      id: 'schedule-1',
      report_id: savedReport.id,
      frequency: 'weekly',
      weekday: 3,
      day_of_month: null,
      hour: 9,
      time_zone: 'Europe/Berlin',
      members: [],
      emails: ['client@acme.example'],
      review: false,
      reviewer: null,
      enabled: true,
      next_run_at: '2030-03-13T08:00:00.000Z',
      updated_at: '2030-03-10T09:00:00.000Z',
    };
    const { mock, user } = setup({ schedules: { [savedReport.id]: schedule } });
    const form = await scheduleForm();
    expect(within(form).getByText('Next run: Wednesday, 13 March 2030 at 09:00 (Europe/Berlin).')).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Day of the week' })).toHaveTextContent('Wednesday');
    expect(within(form).getByRole('textbox', { name: EMAILS_LABEL })).toHaveValue('client@acme.example');
    await user.click(within(form).getByRole('button', { name: 'Remove schedule' }));
    expect(await screen.findByText(SCHEDULE_REMOVED)).toBeInTheDocument();
    expect(mock.schedules.has(savedReport.id)).toBe(false);
    // The form starts afresh once the schedule is read again.
    const fresh = within(screen.getByRole('region', { name: SCHEDULE_HEADING }));
    await waitFor(() => expect(fresh.queryByRole('button', { name: 'Remove schedule' })).not.toBeInTheDocument());
    expect(fresh.getByRole('textbox', { name: EMAILS_LABEL })).toHaveValue('');
  });
});
