import type { DevToolsExportFile } from '@client/app/diagnostics';
import { loggedIn } from '@client/session/session.slice';
import { catchDownloads, type CaughtDownloads } from '@client/test/downloads';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { screen } from '@testing-library/react';

import { DiagnosticsButton } from './DiagnosticsButton';

describe('DiagnosticsButton', () => {
  let downloads: CaughtDownloads;
  beforeEach(() => {
    downloads = catchDownloads();
  });
  afterEach(() => downloads.restore());

  it('downloads a redacted Redux DevTools file', async () => {
    const { user, store } = renderWithProviders(<DiagnosticsButton />);
    store.dispatch(
      loggedIn({
        access: 'secret-access',
        refresh: 'secret-refresh',
        fullName: 'Asha Rao',
        username: 'asha@example.com',
        remember: false,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Download diagnostics' }));

    expect(downloads.blobs).toHaveLength(1);
    expect(downloads.names).toEqual([expect.stringMatching(/^adwise-diagnostics-.+\.json$/)]);
    const text = await downloads.text();
    const file = JSON.parse(text) as DevToolsExportFile;
    expect(JSON.parse(file.payload)).toHaveProperty('actionsById');
    expect(JSON.parse(file.preloadedState)).toHaveProperty('session');
    for (const secret of ['secret-access', 'secret-refresh', 'asha@example.com']) expect(text).not.toContain(secret);
  });
});
