import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useShellData } from '@client/app/shell/shellData';
import { expired, selectIsLoggedIn } from '@client/session/session.slice';
import { useEffect, useState } from 'react';

/**
 * Keeps account info loaded while signed in (spec section 7: at start and after login)
 * and checks a session found in storage at start (spec section 4): when account-info
 * fails for it, the session ends with 'Please login again, token has expired'.
 * A failure after a fresh login is only toasted ('Failed to fetch account info.').
 */
export function useSessionRestore(): void {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const dispatch = useAppDispatch();
  // True while the session on screen is the stored one and account-info has not answered for it.
  const [restoring, setRestoring] = useState(isLoggedIn);
  // The account-info query runs with the shell's (ShellDataProvider): none in a visitor's first load.
  const { isSuccess, isError } = useShellData().accountInfo;

  useEffect(() => {
    if (!restoring) return;
    // A session that already ended (a failed token refresh says so itself) needs no second notice.
    if (!isLoggedIn || isSuccess) setRestoring(false);
    else if (isError) {
      setRestoring(false);
      dispatch(expired());
    }
  }, [restoring, isLoggedIn, isSuccess, isError, dispatch]);
}
