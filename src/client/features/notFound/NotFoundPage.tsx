import { type NotFoundSuggestion, sendBeacon } from '@client/api/beacons';
import { DiagnosticsButton } from '@client/app/shell/DiagnosticsButton';
import { SimplePage } from '@client/components/SimplePage';
import { SiteSearchForm } from '@client/features/search/SiteSearchForm';
import { type AppPath, paths } from '@client/lib/paths';
import { Button, Link, Stack, Typography } from '@mui/material';
import { SUPPORT_EMAIL } from '@shared/constants';
import { Link as RouterLink, useLocation } from 'react-router-dom';

const QUICK_LINKS: readonly { key: NotFoundSuggestion; label: string; to: AppPath }[] = [
  { key: 'home', label: 'Home', to: paths.home },
  { key: 'features', label: 'Features', to: paths.features },
  { key: 'careers', label: 'Careers', to: paths.careers },
  { key: 'contact', label: 'Contact', to: paths.contact },
  { key: 'login', label: 'Login', to: paths.login },
];

/** The mailto link of "Report an issue", naming the missing path in the subject. */
export function reportIssueHref(missingPath: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Broken link: ${missingPath}`)}`;
}

/** Shown for any unknown path: search, quick links, the way home and a way to report it. */
export function NotFoundPage() {
  const { pathname } = useLocation();

  return (
    <SimplePage title="Page Not Found" intro="The page you were looking for does not exist or has moved.">
      <SiteSearchForm label="Search the site" onSearch={() => sendBeacon('analytics/404-search', { ts: Date.now() })} />

      <nav aria-labelledby="quick-links-heading">
        <Typography id="quick-links-heading" component="h2" variant="h3" gutterBottom>
          Popular pages
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {QUICK_LINKS.map((link) => (
            <Link
              key={link.key}
              component={RouterLink}
              to={link.to}
              onClick={() => sendBeacon('analytics/404-suggestion', { target: link.key, ts: Date.now() })}
            >
              {link.label}
            </Link>
          ))}
        </Stack>
      </nav>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button component={RouterLink} to={paths.home} variant="contained">
          Go to Homepage
        </Button>
        <Link href={reportIssueHref(pathname)}>Report an issue</Link>
        <DiagnosticsButton />
      </Stack>
    </SimplePage>
  );
}
