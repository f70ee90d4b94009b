import { Suspense, useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { lazyPage } from '@client/app/lazyPage';
import { whenIdle } from '@client/lib/whenIdle';

// The opt-in's form controls (checkbox, outlined input, helper text, alerts) and its API are in a
// chunk of their own: the footer is on every page, most of which have no other form.
const NewsletterOptIn = lazyPage(() => import(/* webpackChunkName: "newsletter-opt-in" */ '@client/features/newsletter/NewsletterOptIn'), 'NewsletterOptIn');

/** About the height of the visitor's opt-in (checkbox, e-mail field, button), kept free so the footer does not jump when it arrives. */
const OPT_IN_MIN_HEIGHT = 150;

/**
 * The footer's newsletter opt-in, loaded once the browser is idle after the first page (the footer
 * sits below it), or shown at once when an earlier page already loaded it.
 */
export function FooterNewsletter() {
  const [wanted, setWanted] = useState(NewsletterOptIn.isLoaded);
  useEffect(() => (wanted ? undefined : whenIdle(() => setWanted(true))), [wanted]);
  const placeholder = <Box sx={{ minHeight: OPT_IN_MIN_HEIGHT }} />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NewsletterOptIn source="footer" />
    </Suspense>
  );
}
