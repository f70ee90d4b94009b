import { OTP_LENGTH } from '@shared/constants';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { emptyOtp, OtpInput } from './OtpInput';

/** The boxes as a user sees them, and the value the form holds. */
function setup() {
  const changes: string[][] = [];
  function Harness() {
    const [digits, setDigits] = useState(emptyOtp());
    return (
      <OtpInput
        value={digits}
        onChange={(next) => {
          changes.push(next);
          setDigits(next);
        }}
      />
    );
  }
  const user = userEvent.setup();
  render(<Harness />);
  const boxes = Array.from({ length: OTP_LENGTH }, (_, index) =>
    screen.getByRole('textbox', { name: `Digit ${index + 1} of ${OTP_LENGTH}` }),
  );
  const shown = () => boxes.map((box) => (box as HTMLInputElement).value).join('|');
  return { user, boxes, shown, value: () => changes.at(-1)?.join('') ?? '' };
}

describe('OtpInput', () => {
  it('has six labelled numeric single-digit boxes in a named group', () => {
    const { boxes } = setup();
    expect(screen.getByRole('group', { name: 'One-time password' })).toBeInTheDocument();
    expect(boxes).toHaveLength(6);
    for (const box of boxes) {
      expect(box).toHaveAttribute('inputmode', 'numeric');
      expect(box).toHaveAttribute('maxlength', '1');
    }
  });

  it('moves to the next box after each digit', async () => {
    const { user, boxes, shown, value } = setup();
    await user.click(boxes[0]);
    await user.keyboard('1');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('23456');
    expect(shown()).toBe('1|2|3|4|5|6');
    expect(value()).toBe('123456');
    expect(boxes[5]).toHaveFocus();
  });

  it('replaces a filled box when a digit is typed into it', async () => {
    const { user, boxes, shown } = setup();
    await user.click(boxes[0]);
    await user.keyboard('12');
    await user.click(boxes[0]);
    await user.keyboard('9');
    expect(shown()).toBe('9|2||||');
    expect(boxes[1]).toHaveFocus();
  });

  it('ignores anything that is not a digit', async () => {
    const { user, boxes, shown } = setup();
    await user.click(boxes[0]);
    await user.keyboard('a');
    await user.keyboard('-');
    await user.keyboard(' ');
    expect(shown()).toBe('|||||');
    expect(boxes[0]).toHaveFocus();
    await user.keyboard('7x');
    expect(shown()).toBe('7|||||');
    expect(boxes[1]).toHaveFocus();
  });

  it('on Backspace clears a filled box, and on an empty box moves back', async () => {
    const { user, boxes, shown } = setup();
    await user.click(boxes[0]);
    await user.keyboard('123');
    expect(boxes[3]).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(boxes[2]).toHaveFocus();
    expect(shown()).toBe('1|2|3|||');

    await user.keyboard('{Backspace}');
    expect(shown()).toBe('1|2||||');
    expect(boxes[2]).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(boxes[1]).toHaveFocus();
  });

  it('fills every box from a pasted six-digit code, dropping the non-digits', async () => {
    const { user, boxes, shown, value } = setup();
    await user.click(boxes[2]);
    await user.paste('123 456');
    expect(shown()).toBe('1|2|3|4|5|6');
    expect(value()).toBe('123456');
    expect(boxes[5]).toHaveFocus();
  });

  it('pastes a partial code from the current box on, and ignores a paste with no digits', async () => {
    const { user, boxes, shown } = setup();
    await user.click(boxes[1]);
    await user.paste('abc');
    expect(shown()).toBe('|||||');
    await user.paste('42');
    expect(shown()).toBe('|4|2|||');
    expect(boxes[3]).toHaveFocus();
  });

  it('moves between boxes with the arrow keys', async () => {
    const { user, boxes } = setup();
    await user.click(boxes[2]);
    await user.keyboard('{ArrowLeft}');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(boxes[3]).toHaveFocus();
  });
});
