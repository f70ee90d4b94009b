import { paths } from '@client/lib/paths';
import {
  FAKE_PDF,
  type FakeCreativeOptions,
  fakeCreativeServer,
  fakeScore,
  savedAnalysis,
} from '@client/test/creative.handlers';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import type { CreativeAnalysisRecord, CreativeCopyInput } from '@shared/api/creative';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { CREATIVE_TABS, CreativeAnalyzerPage, EDITING_SAVED, REATTACH_IMAGE } from './CreativeAnalyzerPage';
import { ANALYSE_LABEL, headlineLabel, TEXT_LABELS } from './CreativeForm';
import { HISTORY_LABELS } from './CreativeHistory';
import { OVERALL_HEADING, RESULTS_HEADING } from './CreativeResults';
import { ACTION_LABELS } from './ResultActions';
import { revokeLabel, SHARE_LABELS } from './ShareDialog';
import { WHAT_CHANGED_HEADING } from './WhatChanged';

const copy = (headline: string): CreativeCopyInput => ({
  placement: 'meta_feed',
  headlines: [headline],
  primary_text: 'Join teams who plan in minutes.',
  description: '',
  cta: 'Sign up',
  landing_url: '',
});
const records = (count: number): CreativeAnalysisRecord[] =>
  Array.from({ length: count }, (_, i) =>
    savedAnalysis(`00000000-0000-4000-9000-${String(i + 1).padStart(12, '0')}`, copy(`Saved headline ${i + 1}`), {
      createdAt: new Date(Date.UTC(2030, 2, 20 - i)).toISOString(),
    }),
  );

function setup(options: FakeCreativeOptions & { managesAnalyses?: boolean } = {}) {
  const fake = fakeCreativeServer(options);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <Routes>
      <Route
        path={paths.creativeAnalyzer}
        element={<CreativeAnalyzerPage managesAnalyses={options.managesAnalyses ?? true} />}
      />
    </Routes>,
    { route: paths.creativeAnalyzer, preloadedState: { session: signedInSession() } },
  );
  return { ...rendered, fake };
}

const headlineField = () => screen.getByRole('textbox', { name: headlineLabel(0) });

/** Types a headline in one go (typing key by key is slow under load). */
async function enter(user: ReturnType<typeof setup>['user'], headline: string) {
  await user.click(headlineField());
  await user.paste(headline);
}

const openHistory = async (user: ReturnType<typeof setup>['user']) => {
  await user.click(screen.getByRole('tab', { name: CREATIVE_TABS.history }));
  return screen.findByRole('region', { name: HISTORY_LABELS.heading });
};

describe('CreativeAnalyzerPage: analysing again, history and sharing', () => {
  it('keeps the inputs after an analysis; analysing again sends previous_id and shows what changed', async () => {
    const { user, fake } = setup();
    await enter(user, 'Plan your week');
    await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));
    await screen.findByRole('region', { name: RESULTS_HEADING });
    expect(screen.queryByRole('region', { name: WHAT_CHANGED_HEADING })).not.toBeInTheDocument();
    expect(headlineField()).toHaveValue('Plan your week');

    await user.clear(headlineField());
    await enter(user, 'Save 30% this week');
    await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));

    const changed = await screen.findByRole('region', { name: WHAT_CHANGED_HEADING });
    const first = fake.requests.analyze[0];
    expect(fake.requests.analyze[1]).toEqual({
      ...first,
      headlines: ['Save 30% this week'],
      previous_id: '00000000-0000-4000-8000-000000000001',
    });
    const before = fakeScore({ ...first, headlines: ['Plan your week'] });
    const after = fakeScore({ ...first, headlines: ['Save 30% this week'] });
    expect(within(changed).getByText(`Overall score: ${before} → ${after}, up ${after - before}`)).toBeInTheDocument();
    expect(within(changed).getByText('Changed: Headlines.')).toBeInTheDocument();
    expect(
      within(within(changed).getByRole('list', { name: 'Text score changes' })).getByText(
        'Specificity: 30 → 85, up 55',
      ),
    ).toBeInTheDocument();
  });

  it('lists the history newest first, a page at a time, and opens one in the results view', async () => {
    const { user } = setup({ saved: records(3), pageSize: 2 });
    const history = await openHistory(user);
    const list = await within(history).findByRole('list', { name: HISTORY_LABELS.list });
    expect(
      within(list)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Saved headline 1'), expect.stringContaining('Saved headline 2')]);
    expect(within(list).getAllByRole('button')[0]).toHaveTextContent(/Analysis · Meta feed · \d+\/100/);
    await user.click(within(history).getByRole('button', { name: HISTORY_LABELS.loadMore }));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3));
    expect(within(history).queryByRole('button', { name: HISTORY_LABELS.loadMore })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /Saved headline 2/ }));
    const results = await screen.findByRole('region', { name: RESULTS_HEADING });
    expect(within(results).getByRole('region', { name: OVERALL_HEADING })).toHaveTextContent(
      `${fakeScore(copy('Saved headline 2'))}/100`,
    );
    await user.click(screen.getByRole('button', { name: HISTORY_LABELS.back }));
    expect(await screen.findByRole('list', { name: HISTORY_LABELS.list })).toBeInTheDocument();
  });

  it('says when the history is empty, and when it cannot be loaded', async () => {
    const { user } = setup();
    expect(await within(await openHistory(user)).findByText(HISTORY_LABELS.empty)).toBeInTheDocument();
  });

  it('offers Retry when the history fails to load', async () => {
    const { user } = setup({ historyFails: true });
    const history = await openHistory(user);
    expect(await within(history).findByRole('button', { name: HISTORY_LABELS.retry })).toBeInTheDocument();
  });

  it('deletes a saved analysis after a confirmation, and only for roles that may', async () => {
    const { user, fake } = setup({ saved: records(2) });
    await user.click(await within(await openHistory(user)).findByRole('button', { name: /Saved headline 1/ }));
    await screen.findByRole('region', { name: RESULTS_HEADING });
    await user.click(screen.getByRole('button', { name: ACTION_LABELS.delete }));
    const dialog = await screen.findByRole('dialog', { name: ACTION_LABELS.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: ACTION_LABELS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.requests.deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: ACTION_LABELS.delete }));
    await user.click(
      within(await screen.findByRole('dialog', { name: ACTION_LABELS.confirmTitle })).getByRole('button', {
        name: ACTION_LABELS.confirm,
      }),
    );
    const list = await screen.findByRole('list', { name: HISTORY_LABELS.list });
    expect(fake.requests.deleted).toEqual([records(1)[0].id]);
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
  });

  it('hides Delete from a role that may not delete', async () => {
    const { user } = setup({ saved: records(1), managesAnalyses: false });
    await user.click(await within(await openHistory(user)).findByRole('button', { name: /Saved headline 1/ }));
    await screen.findByRole('region', { name: RESULTS_HEADING });
    expect(screen.queryByRole('button', { name: ACTION_LABELS.delete })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: ACTION_LABELS.pdf })).toBeInTheDocument();
  });

  it('loads a saved analysis into the form to edit and re-analyse it, asking for the image again', async () => {
    const saved = savedAnalysis(
      '00000000-0000-4000-9000-000000000042',
      { ...copy('Old headline'), cta: 'Buy now' },
      { image: true },
    );
    const { user, fake } = setup({ saved: [saved] });
    await user.click(await within(await openHistory(user)).findByRole('button', { name: /Old headline/ }));
    await user.click(await screen.findByRole('button', { name: ACTION_LABELS.edit }));

    expect(screen.getByRole('tab', { name: CREATIVE_TABS.analyse })).toHaveAttribute('aria-selected', 'true');
    expect(headlineField()).toHaveValue('Old headline');
    expect(screen.getByLabelText(TEXT_LABELS.cta)).toHaveValue('Buy now');
    expect(screen.getByText(REATTACH_IMAGE)).toBeInTheDocument();
    expect(screen.getByText(EDITING_SAVED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));
    expect(await screen.findByRole('region', { name: WHAT_CHANGED_HEADING })).toHaveTextContent('Changed: Image.');
    expect(fake.requests.analyze[0]).toMatchObject({
      headlines: ['Old headline'],
      cta: 'Buy now',
      image: null,
      previous_id: saved.id,
    });
  });

  it('makes a share link with the chosen expiry, copies it, lists it and revokes it', async () => {
    const { user, fake } = setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await enter(user, 'Plan your week');
    await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));
    await user.click(await screen.findByRole('button', { name: ACTION_LABELS.share }));

    const dialog = await screen.findByRole('dialog', { name: SHARE_LABELS.title });
    expect(await within(dialog).findByText(SHARE_LABELS.none)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(SHARE_LABELS.expiry), '7');
    await user.click(within(dialog).getByRole('button', { name: SHARE_LABELS.create }));
    const link = await within(dialog).findByLabelText(SHARE_LABELS.link);
    expect((link as HTMLInputElement).value).toMatch(/\/shared\/creative\/.+/);
    expect(fake.requests.shares).toEqual([{ id: '00000000-0000-4000-8000-000000000001', expires_in_days: 7 }]);

    await user.click(within(dialog).getByRole('button', { name: SHARE_LABELS.copy }));
    expect(writeText).toHaveBeenCalledWith((link as HTMLInputElement).value);
    expect(await screen.findByText(SHARE_LABELS.copied)).toBeInTheDocument();

    const revoke = await within(dialog).findByRole('button', { name: revokeLabel('2030-03-12T00:00:00.000Z') });
    await user.click(revoke);
    expect(await within(dialog).findByText(SHARE_LABELS.none)).toBeInTheDocument();
    expect(fake.requests.revoked).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: SHARE_LABELS.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('hides Share link from a role that may not publish results (a viewer), on a new result and a saved one', async () => {
    const { user } = setup({ saved: records(1), managesAnalyses: false });
    await enter(user, 'Plan your week');
    await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));
    expect(await screen.findByRole('button', { name: ACTION_LABELS.pdf })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ACTION_LABELS.share })).not.toBeInTheDocument();

    await user.click(await within(await openHistory(user)).findByRole('button', { name: /Saved headline 1/ }));
    await screen.findByRole('region', { name: RESULTS_HEADING });
    expect(screen.getByRole('button', { name: ACTION_LABELS.pdf })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ACTION_LABELS.share })).not.toBeInTheDocument();
  });

  it('downloads the PDF with the session, as a file', async () => {
    const { user, fake } = setup();
    const saved: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:pdf'),
      revokeObjectURL: () => undefined,
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      await enter(user, 'Plan your week');
      await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));
      await user.click(await screen.findByRole('button', { name: ACTION_LABELS.pdf }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(fake.requests.pdf).toEqual(['00000000-0000-4000-8000-000000000001']);
      expect(await saved[0].text()).toBe(FAKE_PDF);
      expect(click.mock.contexts[0]).toMatchObject({ download: 'adwise-creative-00000000.pdf', href: 'blob:pdf' });
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      click.mockRestore();
    }
  });

  it('switches tabs by keyboard', async () => {
    const { user } = setup();
    act(() => screen.getByRole('tab', { name: CREATIVE_TABS.analyse }).focus());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: CREATIVE_TABS.live })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: CREATIVE_TABS.history })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: HISTORY_LABELS.heading })).toBeInTheDocument();
  });

  it('says why a PDF failed', async () => {
    const { user } = setup();
    server.use(
      http.get(api('creative/analyses/:id/pdf/'), () => HttpResponse.json({ detail: 'PDF broke.' }, { status: 500 })),
    );
    await enter(user, 'Plan your week');
    await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));
    await user.click(await screen.findByRole('button', { name: ACTION_LABELS.pdf }));
    expect(await screen.findByText('PDF broke.')).toBeInTheDocument();
  });
});
