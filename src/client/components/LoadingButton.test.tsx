import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { LoadingButton } from './LoadingButton';

describe('LoadingButton', () => {
  it('runs its click handler when idle', async () => {
    const onClick = jest.fn();
    render(<LoadingButton onClick={onClick}>Save</LoadingButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-busy', 'false');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is busy and disabled while loading, and ignores clicks', async () => {
    const onClick = jest.fn();
    render(
      <LoadingButton loading onClick={onClick}>
        Save
      </LoadingButton>,
    );
    const button = screen.getByRole('button', { name: /Save/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    button.click();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is busy and disabled while disabled, and ignores clicks', async () => {
    const onClick = jest.fn();
    render(
      <LoadingButton disabled onClick={onClick}>
        Save
      </LoadingButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    expect(onClick).not.toHaveBeenCalled();
  });

  it('takes clicks again once loading ends', async () => {
    const onClick = jest.fn();
    const { rerender } = render(
      <LoadingButton loading onClick={onClick}>
        Save
      </LoadingButton>,
    );
    rerender(<LoadingButton onClick={onClick}>Save</LoadingButton>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
