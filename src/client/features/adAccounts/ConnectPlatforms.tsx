import LockIcon from '@mui/icons-material/Lock';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { PLATFORM_LABELS, PLATFORMS } from '@shared/constants';

import { ConnectButton } from './ConnectButton';

const HEADING_ID = 'connect-platforms-heading';

/** One Connect button per platform, in the product's order, under the Secure OAuth badge. */
export function ConnectPlatforms() {
  return (
    <Stack component="section" aria-labelledby={HEADING_ID} spacing={1.5}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h2" id={HEADING_ID}>
          Connect a platform
        </Typography>
        <Chip icon={<LockIcon aria-hidden />} label="Secure OAuth" color="success" variant="outlined" size="small" />
      </Stack>
      <Typography color="text.secondary">
        You sign in on the platform&apos;s own page and choose what to share; Adwise never sees your password.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(12rem, 1fr))' },
        }}
      >
        {PLATFORMS.map((platform) => (
          <ConnectButton key={platform} platform={platform} variant="outlined" size="large">
            Connect {PLATFORM_LABELS[platform]}
          </ConnectButton>
        ))}
      </Box>
    </Stack>
  );
}
