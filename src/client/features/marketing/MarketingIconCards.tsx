import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import type { ReactElement } from 'react';

/** One card: a decorative icon, a title (h3) and a line of text. */
export interface IconCardItem {
  title: string;
  text: string;
  /** Decorative: pass it with aria-hidden. */
  icon: ReactElement;
}

/** A responsive list of icon cards: one column on phones, two on tablets when asked, three on desktops. */
export function MarketingIconCards({
  items,
  twoOnTablets = false,
}: {
  items: readonly IconCardItem[];
  twoOnTablets?: boolean;
}) {
  return (
    <Grid container spacing={3} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {items.map(({ title, text, icon }) => (
        <Grid key={title} size={{ xs: 12, sm: twoOnTablets ? 6 : 12, md: 4 }} component="li">
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Stack spacing={1.5}>
                <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
                <Typography variant="h3" sx={{ overflowWrap: 'break-word' }}>
                  {title}
                </Typography>
                <Typography color="text.secondary">{text}</Typography>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
