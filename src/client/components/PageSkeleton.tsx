import { Container, Skeleton, Stack } from '@mui/material';

const PARAGRAPH_LINES = ['100%', '92%', '96%', '60%'];

/** Placeholder shown while a page's code loads. */
export function PageSkeleton() {
  return (
    <Container
      maxWidth="lg"
      sx={{ py: { xs: 4, md: 6 } }}
      role="status"
      aria-live="polite"
      aria-busy="true"
      aria-label="Loading page"
    >
      <Stack spacing={2}>
        <Skeleton variant="text" width="45%" sx={{ fontSize: (theme) => theme.typography.h1.fontSize }} />
        {PARAGRAPH_LINES.map((width, index) => (
          <Skeleton key={index} variant="text" width={width} />
        ))}
        <Skeleton variant="rounded" width="100%" sx={{ aspectRatio: '3 / 1' }} />
      </Stack>
    </Container>
  );
}
