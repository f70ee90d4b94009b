import { IdleNewsletterOptIn } from '@client/features/newsletter/IdleNewsletterOptIn';
import { TrialCallToAction } from '@client/features/trial/TrialCallToAction';
import { paths } from '@client/lib/paths';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BalanceIcon from '@mui/icons-material/Balance';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ImageSearchIcon from '@mui/icons-material/ImageSearch';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PsychologyIcon from '@mui/icons-material/Psychology';
import { Box, Button } from '@mui/material';
import { MARKETING_FACTS } from '@shared/marketing';
import { Link as RouterLink } from 'react-router-dom';

import { MarketingFacts } from './MarketingFacts';
import { MarketingHero } from './MarketingHero';
import { type IconCardItem, MarketingIconCards } from './MarketingIconCards';
import { MarketingPlatformList } from './MarketingPlatformList';
import { MarketingSection } from './MarketingSection';

/** The label of the product-updates opt-in. */
export const UPDATES_OPT_IN_LABEL = 'Email me product updates';

/** The six feature cards (spec section 1). */
export const FEATURES: readonly IconCardItem[] = [
  {
    title: 'AI & behavioural-psychology suggestions',
    text: 'Suggestions that combine your numbers with persuasion psychology: which bids to lower, which creatives to boost, when to run, and which call to action to test next.',
    icon: <PsychologyIcon aria-hidden />,
  },
  {
    title: 'Real-time alerts',
    text: "Get told when a campaign's cost or results move sharply, so you can act while it still matters rather than at the end of the month.",
    icon: <NotificationsActiveIcon aria-hidden />,
  },
  {
    title: 'Budget tools',
    text: 'See spend against results across every platform in one currency, and move money to the campaigns that earn it.',
    icon: <AccountBalanceWalletIcon aria-hidden />,
  },
  {
    title: 'Creative Analyzer',
    text: 'Review a creative against proven creative heuristics before it runs, and get concrete suggestions to make its offer and call to action land.',
    icon: <ImageSearchIcon aria-hidden />,
  },
  {
    title: 'Bias-aware scoring & creative heuristics',
    text: 'Scores that take the psychology of persuasion into account, such as social proof, scarcity and anchoring, so a creative is judged on how it persuades and not on gut feeling.',
    icon: <BalanceIcon aria-hidden />,
  },
  {
    title: 'Unified dashboard & feedback loops',
    text: 'Every platform in one dashboard, synced every hour. What you change feeds back into the next suggestions, so they get sharper the longer you use them.',
    icon: <DashboardIcon aria-hidden />,
  },
];

/**
 * The features page (/features, spec section 2): the hero with the marketing facts, six feature
 * cards, the supported platforms, the product-updates opt-in and a trial call to action.
 */
export function FeaturesPage() {
  return (
    <>
      <MarketingHero
        title="Features"
        eyebrow="Everything Adwise does for your ads"
        intro="Suggestions, real-time alerts, budget tools and a Creative Analyzer for every ad account you run, built on behavioural psychology rather than guesswork."
        actions={
          <Button
            component={RouterLink}
            to={paths.pricing}
            variant="outlined"
            endIcon={<ArrowForwardIcon aria-hidden />}
          >
            Compare plans
          </Button>
        }
        aside={<MarketingFacts facts={['brands', 'roi', 'reply', 'trial']} />}
      />

      <MarketingSection
        title="What you get"
        intro="Six tools that work together, from the first look at your numbers to the next ad you run."
      >
        <MarketingIconCards items={FEATURES} twoOnTablets />
      </MarketingSection>

      <MarketingSection
        tinted
        title="Supported platforms"
        intro="Connect any of the five through the platform's own sign-in. Campaigns and ads are synced with spend, impressions, clicks, conversions and conversion value."
      >
        <MarketingPlatformList withSummary />
        <Box>
          <Button component={RouterLink} to={paths.integrations} endIcon={<ArrowForwardIcon aria-hidden />}>
            What each integration brings
          </Button>
        </Box>
      </MarketingSection>

      <MarketingSection
        title="Product updates"
        intro="New features, new platforms and what we learn about running better ads, in your inbox."
      >
        <Box sx={{ maxWidth: 480 }}>
          <IdleNewsletterOptIn source="features" label={UPDATES_OPT_IN_LABEL} />
        </Box>
      </MarketingSection>

      <MarketingSection tinted title="Try every feature free" intro={`${MARKETING_FACTS.trialText}.`}>
        <Box>
          <TrialCallToAction />
        </Box>
      </MarketingSection>
    </>
  );
}
