import { lazyPage } from '@client/app/lazyPage';
import type { NewsletterOptInProps } from '@client/features/newsletter/NewsletterOptIn';
import { whenIdle } from '@client/lib/whenIdle';
import { Box } from '@mui/material';
import { Suspense, useEffect, useState } from 'react';

// The opt-in's form controls (checkbox, outlined input, helper text, alerts) and its API (RTK
// Query) are in a chunk of their own: the footer is on every page, most of which have no other
// form, and the features page has it far below its first screen.
const NewsletterOptIn = lazyPage(
  () => import(/* webpackChunkName: "newsletter-opt-in" */ '@client/features/newsletter/NewsletterOptIn'),
  'NewsletterOptIn',
);

/** About the height of the visitor's opt-in (checkbox, e-mail field, button), kept free so the footer does not jump when it arrives. */
const OPT_IN_MIN_HEIGHT = 150;

/**
 * A newsletter opt-in below the first screen (the footer's, the features page's), loaded once the
 * browser is idle after the page, or shown at once when an earlier page already loaded it.
 */
export function IdleNewsletterOptIn(props: NewsletterOptInProps) {
  const [wanted, setWanted] = useState(NewsletterOptIn.isLoaded);
  useEffect(() => (wanted ? undefined : whenIdle(() => setWanted(true))), [wanted]);
  const placeholder = <Box sx={{ minHeight: OPT_IN_MIN_HEIGHT }} />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NewsletterOptIn {...props} />
    </Suspense>
  );
}
