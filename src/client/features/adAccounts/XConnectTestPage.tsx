import { Alert, Button } from '@mui/material';
import { SimplePage } from '@client/components/SimplePage';

/** Developer test page (/dev/x-connect): one button that starts the X connection. */
export function XConnectTestPage() {
  return (
    <SimplePage title="X connection test" intro="A developer page for trying the X (Twitter) OAuth flow on its own.">
      <Alert severity="info">The X connection is not available in this build yet, so the button is disabled.</Alert>
      <div>
        <Button variant="contained" disabled>
          Start X connection
        </Button>
      </div>
    </SimplePage>
  );
}
