import { STAT_COUNT_UP_MS, STAT_VISIBILITY_THRESHOLD } from '@shared/constants';
import { act, render, screen } from '@testing-library/react';

import { PilotStats, spokenFigure } from './PilotStats';

/** An IntersectionObserver the test drives: `reveal(ratio)` reports the watched element at that visible share. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;

  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(element: Element) {
    this.observed.push(element);
  }

  unobserve() {}

  disconnect() {
    this.disconnected = true;
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  reveal(ratio: number) {
    const entries = this.observed.map(
      (target) =>
        ({
          target,
          isIntersecting: ratio > 0,
          intersectionRatio: ratio,
          time: Date.now(),
        }) as unknown as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function installIntersectionObserver() {
  FakeIntersectionObserver.instances = [];
  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    writable: true,
    value: FakeIntersectionObserver,
  });
}

function setReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

/** The animated (aria-hidden) figures as shown, e.g. ['12+', '93%', '48/50']. */
function shownFigures(): string[] {
  const list = screen.getByRole('list', { name: 'Pilot figures' });
  return Array.from(list.querySelectorAll('[aria-hidden="true"] > p:first-child')).map(
    (figure) => figure.textContent ?? '',
  );
}

/** The numbers of the shown figures. */
const shownNumbers = () => shownFigures().map((figure) => Number.parseInt(figure, 10));

const observer = () => FakeIntersectionObserver.instances[0];

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  delete (window as Partial<Window>).matchMedia;
});

describe('PilotStats', () => {
  it('reads each final figure to screen readers while the moving digits stay hidden', () => {
    installIntersectionObserver();
    render(<PilotStats />);
    expect(screen.getByText('12+ early adopters')).toBeInTheDocument();
    expect(screen.getByText('93% average conversion lift')).toBeInTheDocument();
    expect(screen.getByText('48 out of 50 user satisfaction')).toBeInTheDocument();
    expect(screen.getByText('Results vary by vertical and spend.')).toBeInTheDocument();
    // Before the count the hidden digits show 0, but the accessible text already has the real figures.
    expect(shownFigures()).toEqual(['0+', '0%', '0/50']);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('12+ early adopters');
    expect(items[1]).toHaveTextContent('93% average conversion lift');
    expect(items[2]).toHaveTextContent('48 out of 50 user satisfaction');
  });

  it('says 48/50 as 48 out of 50', () => {
    expect(spokenFigure({ value: 48, suffix: '/50', label: 'user satisfaction' })).toBe(
      '48 out of 50 user satisfaction',
    );
    expect(spokenFigure({ value: 12, suffix: '+', label: 'early adopters' })).toBe('12+ early adopters');
  });

  it('waits until 30% is visible, then counts up over 900 ms to the exact figures', () => {
    installIntersectionObserver();
    render(<PilotStats />);
    expect(observer().options.threshold).toBe(STAT_VISIBILITY_THRESHOLD);
    expect(STAT_VISIBILITY_THRESHOLD).toBe(0.3);
    expect(observer().observed).toHaveLength(1);

    // Not yet visible enough: nothing moves however long it waits.
    act(() => observer().reveal(0.1));
    act(() => jest.advanceTimersByTime(2000));
    expect(shownFigures()).toEqual(['0+', '0%', '0/50']);

    act(() => observer().reveal(0.3));
    expect(observer().disconnected).toBe(true);

    act(() => jest.advanceTimersByTime(STAT_COUNT_UP_MS / 2));
    const [adopters, lift, satisfaction] = shownNumbers();
    expect(adopters).toBeGreaterThan(0);
    expect(adopters).toBeLessThan(12);
    expect(lift).toBeGreaterThan(0);
    expect(lift).toBeLessThan(93);
    expect(satisfaction).toBeGreaterThan(0);
    expect(satisfaction).toBeLessThan(48);

    act(() => jest.advanceTimersByTime(STAT_COUNT_UP_MS / 2 - 1));
    expect(shownNumbers()[1]).toBeLessThan(93);

    act(() => jest.advanceTimersByTime(1));
    expect(shownFigures()).toEqual(['12+', '93%', '48/50']);

    act(() => jest.advanceTimersByTime(5000));
    expect(shownFigures()).toEqual(['12+', '93%', '48/50']);
  });

  it('shows the final figures at once when the user prefers reduced motion', () => {
    installIntersectionObserver();
    setReducedMotion(true);
    render(<PilotStats />);
    expect(shownFigures()).toEqual(['12+', '93%', '48/50']);
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
  });

  it('animates when reduced motion is not asked for', () => {
    installIntersectionObserver();
    setReducedMotion(false);
    render(<PilotStats />);
    expect(shownFigures()).toEqual(['0+', '0%', '0/50']);
    act(() => observer().reveal(0.5));
    act(() => jest.advanceTimersByTime(STAT_COUNT_UP_MS));
    expect(shownFigures()).toEqual(['12+', '93%', '48/50']);
  });

  it('shows the final figures at once without IntersectionObserver', () => {
    expect('IntersectionObserver' in window).toBe(false);
    render(<PilotStats />);
    expect(shownFigures()).toEqual(['12+', '93%', '48/50']);
  });

  it('stops counting when it leaves the page', () => {
    installIntersectionObserver();
    const { unmount } = render(<PilotStats />);
    act(() => observer().reveal(1));
    act(() => jest.advanceTimersByTime(100));
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
