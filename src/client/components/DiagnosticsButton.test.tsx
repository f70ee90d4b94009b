import { screen } from '@testing-library/react';
import { loggedIn } from '@client/features/session/session.slice';
import type { DevToolsExportFile } from '@client/app/diagnostics';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { DiagnosticsButton } from './DiagnosticsButton';

describe('DiagnosticsButton', () => {
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  let blobs: Blob[];
  let downloads: string[];
  // jsdom cannot follow a download link; record its file name and stop the navigation.
  const captureDownload = (event: MouseEvent) => {
    if (event.target instanceof HTMLAnchorElement && event.target.download) {
      downloads.push(event.target.download);
      event.preventDefault();
    }
  };

  beforeEach(() => {
    blobs = [];
    downloads = [];
    document.addEventListener('click', captureDownload, true);
    // jsdom has no object URLs; capturing the blob is how the test reads the "download".
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:diagnostics';
    };
    URL.revokeObjectURL = () => undefined;
  });

  afterEach(() => {
    document.removeEventListener('click', captureDownload, true);
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
  });

  it('downloads a redacted Redux DevTools file', async () => {
    const { user, store } = renderWithProviders(<DiagnosticsButton />);
    store.dispatch(loggedIn({ access: 'secret-access', refresh: 'secret-refresh', fullName: 'Asha Rao', username: 'asha@example.com', remember: false }));

    await user.click(screen.getByRole('button', { name: 'Download diagnostics' }));

    expect(blobs).toHaveLength(1);
    expect(downloads).toEqual([expect.stringMatching(/^adwise-diagnostics-.+\.json$/)]);
    const text = await blobs[0].text();
    const file = JSON.parse(text) as DevToolsExportFile;
    expect(JSON.parse(file.payload)).toHaveProperty('actionsById');
    expect(JSON.parse(file.preloadedState)).toHaveProperty('session');
    for (const secret of ['secret-access', 'secret-refresh', 'asha@example.com']) expect(text).not.toContain(secret);
  });
});
