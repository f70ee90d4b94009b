import { Button, type ButtonProps } from '@mui/material';
import type { MouseEvent } from 'react';

/** MUI Button props plus `loading`. */
export type LoadingButtonProps = Omit<ButtonProps, 'loading'> & {
  /** While true the button shows a spinner, is busy and disabled, and ignores clicks. */
  loading?: boolean;
};

/** A button with a loading state: busy and disabled while loading or disabled; clicks are ignored then (spec section 4). */
export function LoadingButton({ loading = false, disabled = false, onClick, ...props }: LoadingButtonProps) {
  const inactive = loading || disabled;
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // The disabled attribute already stops most clicks; this also stops programmatic ones.
    if (inactive) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return <Button {...props} loading={loading} disabled={inactive} aria-busy={inactive} onClick={handleClick} />;
}
