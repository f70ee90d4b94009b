/**
 * The production renderer's restorations (preactClient.ts), on Preact itself: the rest of the
 * client suite runs on React, the browser tests on the shipped build.
 */
import { createElement, useEffect, useState } from 'preact/compat';
import { act } from 'preact/test-utils';

import { createRoot } from './preactClient';

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => container.remove());

/**
 * A number field controlled as Formik controls it: the typed text parsed to a number ('' when
 * empty), in a new values object on every keystroke, so every keystroke re-renders.
 */
function AmountField() {
  const [values, setValues] = useState<{ amount: number | '' }>({ amount: '' });
  return createElement('input', {
    type: 'number',
    'aria-label': 'Amount',
    value: values.amount,
    onChange: (event: Event) => {
      const parsed = parseFloat((event.target as HTMLInputElement).value);
      setValues({ amount: Number.isNaN(parsed) ? '' : parsed });
    },
  });
}

/** Types text as the browser leaves it in the field, then lets the app re-render. */
async function typeInto(input: HTMLInputElement, text: string) {
  await act(() => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('number fields', () => {
  it('keep the text while it reads as the number the app holds (a decimal on its way)', async () => {
    await act(() => createRoot(container).render(createElement(AmountField, null)));
    const input = container.querySelector('input')!;
    await typeInto(input, '2500');
    // "2500.0" on the way to 2500.05: the app holds 2500; writing that back would drop the point.
    await typeInto(input, '2500.0');
    expect(input.value).toBe('2500.0');
    await typeInto(input, '2500.05');
    expect(input.value).toBe('2500.05');
  });

  it('take the app’s value when it is a different number, or none', async () => {
    let setAmount: (value: number | '') => void = () => {};
    function Reset() {
      const [amount, set] = useState<number | ''>(12);
      setAmount = set;
      return createElement('input', { type: 'number', 'aria-label': 'Amount', value: amount, onChange: () => {} });
    }
    await act(() => createRoot(container).render(createElement(Reset, null)));
    const input = container.querySelector('input')!;
    expect(input.value).toBe('12');
    await act(() => setAmount(0.5));
    expect(input.value).toBe('0.5');
    await act(() => setAmount(''));
    expect(input.value).toBe('');
    await act(() => setAmount(0));
    expect(input.value).toBe('0');
  });

  it('leave other fields to Preact', async () => {
    await act(() => createRoot(container).render(createElement('input', { 'aria-label': 'Name', value: 'Ada' })));
    expect(container.querySelector('input')!.value).toBe('Ada');
  });
});

describe('autoFocus', () => {
  it('focuses an element when it mounts, as React does, and only then', async () => {
    let show: (value: boolean) => void = () => {};
    let rerender: (value: number) => void = () => {};
    function Dialog() {
      const [open, setOpen] = useState(false);
      const [, setTick] = useState(0);
      show = setOpen;
      rerender = setTick;
      return createElement(
        'div',
        null,
        createElement('button', { type: 'button' }, 'Open'),
        open ? createElement('input', { 'aria-label': 'Workspace name', autoFocus: true }) : null,
      );
    }
    await act(() => createRoot(container).render(createElement(Dialog, null)));
    expect(document.activeElement).toBe(document.body);
    await act(() => show(true));
    const field = container.querySelector('input')!;
    expect(document.activeElement).toBe(field);
    // A later render of the same field does not take focus back from where the user moved it.
    container.querySelector('button')!.focus();
    await act(() => rerender(1));
    expect(document.activeElement).toBe(container.querySelector('button'));
  });
});

describe('effects', () => {
  it('run once the render is done, before any frame, as React runs them after a click', async () => {
    const ran: string[] = [];
    function Menu() {
      useEffect(() => {
        ran.push('effect');
      }, []);
      return createElement('button', { type: 'button' }, 'Workspace');
    }
    createRoot(container).render(createElement(Menu, null));
    expect(ran).toEqual([]);
    // No act, no timer: the promise queue only (a frame or a 35 ms timer would be Preact's own wait).
    await Promise.resolve();
    await Promise.resolve();
    expect(ran).toEqual(['effect']);
  });
});
