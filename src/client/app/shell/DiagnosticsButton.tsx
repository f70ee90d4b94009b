import { diagnosticsRequested } from '@client/app/diagnostics';
import { useAppDispatch } from '@client/app/hooks';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, type ButtonProps } from '@mui/material';

/** Saves the recent, redacted Redux history as a file that Redux DevTools can import. */
export function DiagnosticsButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const dispatch = useAppDispatch();
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon aria-hidden />}
      {...props}
      onClick={() => dispatch(diagnosticsRequested())}
    >
      Download diagnostics
    </Button>
  );
}
