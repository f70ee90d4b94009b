import { allowedPages, type AppPage } from '@client/app/appPages';
import { useAppSelector } from '@client/app/hooks';
import { usePageAccess } from '@client/app/usePageAccess';
import { paths } from '@client/lib/paths';
import { rememberedPage, userIdOf } from '@client/session/lastPage';
import { selectAccessToken } from '@client/session/session.slice';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** The line above the link, named once for the page and its tests. */
export const CONTINUE_HEADING = 'Continue where you left off';

/** The link's name: 'Continue: Suggestions'. */
export const continueLabel = (page: Pick<AppPage, 'label'>) => `Continue: ${page.label}`;

/**
 * The page `lastPage` (a remembered location, the dashboard's with its view) is, among those the
 * member may open now, or null. The role or the workspace's entitlement may have changed since
 * (another workspace is current, a trial ended): a link to a page that answers "not found" is no
 * way back. All clients is never offered: the link sits on it.
 */
export function continuablePage(lastPage: string | null, pages: readonly AppPage[]): AppPage | null {
  if (!lastPage) return null;
  const [pathname] = lastPage.split('?', 1);
  if (pathname === paths.workspaces) return null;
  return pages.find((page) => page.to === pathname) ?? null;
}

/**
 * On All clients, the home a user with several workspaces lands on, a link back to the page they
 * last worked on in this browser (session/lastPage.ts), in the current workspace: signing
 * in takes them home, this takes them on in one step. Nothing when there is no such page.
 */
export function ContinueWhereYouLeftOff() {
  const userId = userIdOf(useAppSelector(selectAccessToken));
  const pages = allowedPages(usePageAccess());
  const lastPage = rememberedPage(userId);
  const page = continuablePage(lastPage, pages);
  if (!page || !lastPage) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {CONTINUE_HEADING}
      </Typography>
      {/* The dashboard's remembered view (filters, sort, page) comes back with it. */}
      <Button
        component={RouterLink}
        to={lastPage}
        variant="outlined"
        size="small"
        endIcon={<ArrowForwardIcon aria-hidden />}
      >
        {continueLabel(page)}
      </Button>
    </Box>
  );
}
