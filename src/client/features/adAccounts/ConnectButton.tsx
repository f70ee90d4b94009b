import { LoadingButton, type LoadingButtonProps } from '@client/components/LoadingButton';
import type { Platform } from '@shared/constants';

import { useConnectPlatform } from './useConnectPlatform';

/** Props of ConnectButton. */
export interface ConnectButtonProps extends Omit<LoadingButtonProps, 'onClick' | 'loading'> {
  platform: Platform;
}

/** A button that starts `platform`'s OAuth connection and stays busy until the browser leaves. */
export function ConnectButton({ platform, ...props }: ConnectButtonProps) {
  const { connect, busy } = useConnectPlatform(platform);
  return <LoadingButton {...props} loading={busy} onClick={() => void connect()} />;
}
