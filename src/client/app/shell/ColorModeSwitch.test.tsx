import { COLOR_MODE_KEY, PREFERS_DARK_QUERY } from '@client/app/theme/colorMode';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { useTheme } from '@mui/material/styles';
import { act, screen, within } from '@testing-library/react';

import { ColorModeSwitch } from './ColorModeSwitch';

/** What the theme draws in, for the test to read. */
function SchemeProbe() {
  const theme = useTheme();
  return <p data-testid="scheme">{theme.palette.mode}</p>;
}

/** A system whose colour setting is dark or light, and which can change while the page is open. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const state = { dark };
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === PREFERS_DARK_QUERY && state.dark;
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      state.dark = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
  localStorage.clear();
});

const renderSwitch = () =>
  renderWithProviders(
    <>
      <ColorModeSwitch />
      <SchemeProbe />
    </>,
  );

describe('the colour-scheme switch', () => {
  it('follows the system by default, and its change while the page is open', () => {
    const system = fakeSystem(true);
    renderSwitch();
    expect(screen.getByTestId('scheme')).toHaveTextContent('dark');
    expect(screen.getByRole('button', { name: 'Colour scheme: Match system (dark)' })).toBeInTheDocument();
    act(() => system.set(false));
    expect(screen.getByTestId('scheme')).toHaveTextContent('light');
    expect(screen.getByRole('button', { name: 'Colour scheme: Match system (light)' })).toBeInTheDocument();
  });

  it('offers the three choices as a menu of radios, the current one checked, and keeps the one chosen', async () => {
    fakeSystem(false);
    const { user } = renderSwitch();
    await user.click(screen.getByRole('button', { name: 'Colour scheme: Match system (light)' }));
    const menu = screen.getByRole('menu', { name: 'Colour scheme' });
    const options = within(menu).getAllByRole('menuitemradio');
    expect(options.map((option) => [option.textContent, option.getAttribute('aria-checked')])).toEqual([
      ['Match system', 'true'],
      ['Light', 'false'],
      ['Dark', 'false'],
    ]);
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }));
    expect(screen.getByTestId('scheme')).toHaveTextContent('dark');
    expect(screen.getByRole('button', { name: 'Colour scheme: Dark' })).toBeInTheDocument();
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('dark');
  });

  it('is worked by keyboard alone', async () => {
    fakeSystem(true);
    const { user } = renderSwitch();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Colour scheme: Match system (dark)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('scheme')).toHaveTextContent('light');
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('light');
  });

  it('draws in the stored choice on the next visit, whatever the system says', () => {
    fakeSystem(true);
    localStorage.setItem(COLOR_MODE_KEY, 'light');
    renderSwitch();
    expect(screen.getByTestId('scheme')).toHaveTextContent('light');
    expect(screen.getByRole('button', { name: 'Colour scheme: Light' })).toBeInTheDocument();
  });

  it('ignores a stored value it does not know, following the system', () => {
    fakeSystem(true);
    localStorage.setItem(COLOR_MODE_KEY, 'sepia');
    renderSwitch();
    expect(screen.getByTestId('scheme')).toHaveTextContent('dark');
  });
});
