import { paths } from '@client/lib/paths';
import { Avatar, Box, Card, CardActionArea, Stack, Typography } from '@mui/material';
import type { Platform } from '@shared/constants';
import { PLATFORM_INFO_LIST } from '@shared/platformInfo';
import { Link as RouterLink } from 'react-router-dom';

/** The short mark of each platform, drawn instead of a logo. */
export const PLATFORM_MARKS: Record<Platform, string> = { meta: 'M', google: 'G', linkedin: 'in', x: 'X', tiktok: 'T' };

/** The id of a platform's card on the integrations page, the target of `integrationPath`. */
export function platformAnchor(platform: Platform): string {
  return `platform-${platform}`;
}

/** The integrations page at one platform's card. */
export function integrationPath(platform: Platform): string {
  return `${paths.integrations}#${platformAnchor(platform)}`;
}

/** A platform's mark: decorative, the name is always written next to it. */
export function PlatformMark({ platform }: { platform: Platform }) {
  return (
    <Avatar
      aria-hidden
      sx={{
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        width: 36,
        height: 36,
        fontSize: '0.95rem',
        fontWeight: 700,
      }}
    >
      {PLATFORM_MARKS[platform]}
    </Avatar>
  );
}

/** Props of MarketingPlatformList. */
export interface MarketingPlatformListProps {
  /** Names the list for assistive technology. */
  label?: string;
  /** Show each platform's one-line summary under its name. */
  withSummary?: boolean;
}

/** The five supported platforms, each a link to its part of the integrations page. */
export function MarketingPlatformList({
  label = 'Supported ad platforms',
  withSummary = false,
}: MarketingPlatformListProps) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: withSummary
          ? { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }
          : { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      {PLATFORM_INFO_LIST.map((info) => (
        <Box component="li" key={info.platform} sx={{ minWidth: 0 }}>
          <Card sx={{ height: '100%' }}>
            <CardActionArea
              component={RouterLink}
              to={integrationPath(info.platform)}
              sx={{ height: '100%', p: { xs: 1.5, sm: 2 } }}
            >
              <Stack direction="row" spacing={1.5} sx={{ alignItems: withSummary ? 'flex-start' : 'center' }}>
                <PlatformMark platform={info.platform} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {info.label}
                  </Typography>
                  {withSummary && (
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {info.summary}
                    </Typography>
                  )}
                </Box>
              </Stack>
            </CardActionArea>
          </Card>
        </Box>
      ))}
    </Box>
  );
}
