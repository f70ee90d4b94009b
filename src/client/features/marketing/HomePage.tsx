import { FaqAccordion, type FaqItem } from '@client/components/FaqAccordion';
import { TrialCallToAction } from '@client/features/trial/TrialCallToAction';
import { paths } from '@client/lib/paths';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PsychologyIcon from '@mui/icons-material/Psychology';
import { Box, Button, Card, Grid, Link, Stack, Typography } from '@mui/material';
import { PLATFORM_LABELS, PLATFORMS, REPLY_HOURS_MAX, REPLY_HOURS_MIN, SUPPORT_EMAIL } from '@shared/constants';
import { MARKETING_FACTS } from '@shared/marketing';
import { Link as RouterLink } from 'react-router-dom';

import { HomeDashboardPreview } from './HomeDashboardPreview';
import { MarketingFacts } from './MarketingFacts';
import { MarketingHero } from './MarketingHero';
import { type IconCardItem, MarketingIconCards } from './MarketingIconCards';
import { MarketingPlatformList } from './MarketingPlatformList';
import { MarketingSection } from './MarketingSection';

/** The home page's h1. */
export const HOME_TITLE = 'Every ad platform in one dashboard';

const PLATFORM_NAMES = `${PLATFORMS.slice(0, -1)
  .map((platform) => PLATFORM_LABELS[platform])
  .join(', ')} and ${PLATFORM_LABELS[PLATFORMS[PLATFORMS.length - 1]!]}`;

/** The three highlight cards. */
export const HIGHLIGHTS: readonly IconCardItem[] = [
  {
    title: 'One dashboard for every platform',
    text: `Spend, impressions, CTR and conversions from ${PLATFORM_NAMES}, side by side in one currency.`,
    icon: <DashboardIcon aria-hidden />,
  },
  {
    title: 'Suggestions grounded in psychology',
    text: 'AI and behavioural-psychology suggestions with bias-aware scoring tell you which creative, bid or timing to change next.',
    icon: <PsychologyIcon aria-hidden />,
  },
  {
    title: 'Alerts and budget tools',
    text: 'Real-time alerts and budget tools catch wasted spend early, so a bad day stays a bad day and not a bad month.',
    icon: <NotificationsActiveIcon aria-hidden />,
  },
];

interface Testimonial {
  quote: string;
  /** A role and a kind of company: no names, no photos. */
  role: string;
  company: string;
}

/** What customers say. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'We stopped flipping between four ad managers every morning. Spend and conversions sit side by side now, and the suggestions showed us where to cut first.',
    role: 'Head of Growth',
    company: 'direct-to-consumer skincare brand',
  },
  {
    quote:
      'Our clients want answers, not exports. One dashboard across their accounts turned a day of weekly reporting into an hour.',
    role: 'Founder',
    company: 'performance marketing agency',
  },
  {
    quote:
      "I'm not a data scientist. The behavioural tips were plain enough that I changed two ads the same afternoon.",
    role: 'Solo founder',
    company: 'B2B SaaS startup',
  },
];

/** Why choose Adwise. */
export const REASONS: readonly { title: string; text: string }[] = [
  {
    title: 'Built for marketers, not data scientists',
    text: 'Suggestions come in plain words, with the psychology behind them, so you can act without a spreadsheet.',
  },
  {
    title: 'Secure by design',
    text: "You connect through each platform's own OAuth consent page; Adwise never sees your passwords, keeps tokens encrypted, and asks for a code by e-mail before anyone disconnects an account.",
  },
  {
    title: 'People who answer',
    text: `${MARKETING_FACTS.replyText}, whether it is a question about a metric or a connection that will not go through.`,
  },
  {
    title: 'Try it before you pay',
    text: `A ${MARKETING_FACTS.trialText}.`,
  },
];

/** The three questions of the home FAQ (spec section 2), answered with the spec's facts. */
export const HOME_FAQ: readonly FaqItem[] = [
  {
    question: 'Do I need a credit card for the trial?',
    answer: `No. The ${MARKETING_FACTS.trialDays}-day free trial needs no card: sign up, press Start, and explore the core features. We remind you a day before it ends.`,
  },
  {
    question: 'Which ad platforms can I connect?',
    answer: `${PLATFORM_NAMES}. Each one connects through the platform's own secure OAuth sign-in, and you can disconnect at any time.`,
  },
  {
    question: 'How fast do you reply?',
    answer: (
      <>
        Within {REPLY_HOURS_MIN}-{REPLY_HOURS_MAX} hours. Write to us from the{' '}
        <Link component={RouterLink} to={paths.contact}>
          Contact page
        </Link>{' '}
        or at <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
      </>
    ),
  },
];

function Testimonials() {
  return (
    <Grid container spacing={3} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {TESTIMONIALS.map(({ quote, role, company }) => (
        <Grid key={role} size={{ xs: 12, md: 4 }} component="li">
          <Card component="figure" sx={{ m: 0, height: '100%', p: 3 }}>
            <Stack spacing={2}>
              <FormatQuoteIcon aria-hidden sx={{ color: 'primary.main', fontSize: '2rem' }} />
              <Box component="blockquote" sx={{ m: 0 }}>
                <Typography>{quote}</Typography>
              </Box>
              <Typography component="figcaption" variant="body2" color="text.secondary">
                <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
                  {role}
                </Box>
                , {company}
              </Typography>
            </Stack>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function Reasons() {
  return (
    <Grid container spacing={3} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {REASONS.map(({ title, text }) => (
        <Grid key={title} size={{ xs: 12, sm: 6 }} component="li">
          <Stack direction="row" spacing={1.5}>
            <CheckCircleIcon color="success" aria-hidden sx={{ mt: 0.25 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h3" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
                {title}
              </Typography>
              <Typography color="text.secondary">{text}</Typography>
            </Box>
          </Stack>
        </Grid>
      ))}
    </Grid>
  );
}

/**
 * The landing page (/, spec sections 1, 2 and 4): the hero with the trial button or countdown,
 * three highlights, the platforms, the dashboard preview with the user's streak and points,
 * testimonials, reasons to choose, three questions, and the trial offer again at the end.
 */
export function HomePage() {
  return (
    <>
      <MarketingHero
        title={HOME_TITLE}
        documentTitle="Home"
        eyebrow="Ad intelligence for startups, agencies and marketers"
        intro={`Connect ${PLATFORM_NAMES}, and get suggestions that lift conversions, without being a data scientist.`}
        actions={
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <TrialCallToAction />
            <Button component={RouterLink} to={paths.features} endIcon={<ArrowForwardIcon aria-hidden />}>
              See all features
            </Button>
          </Stack>
        }
        aside={<MarketingFacts facts={['brands', 'roi', 'trial']} />}
      />

      <MarketingSection title="Everything you need to run better ads">
        <MarketingIconCards items={HIGHLIGHTS} />
      </MarketingSection>

      <MarketingSection
        tinted
        title="Works with the platforms you already use"
        intro="Connect in a few clicks through each platform's own sign-in. Adwise reads your campaigns and ads every hour and changes nothing unless you ask it to."
      >
        <MarketingPlatformList />
        <Box>
          <Button
            component={RouterLink}
            to={paths.integrations}
            variant="outlined"
            endIcon={<ArrowForwardIcon aria-hidden />}
          >
            How integrations work
          </Button>
        </Box>
      </MarketingSection>

      <MarketingSection title="Your dashboard at a glance">
        <HomeDashboardPreview />
      </MarketingSection>

      <MarketingSection tinted title="What marketers say">
        <Testimonials />
      </MarketingSection>

      <MarketingSection title="Why choose Adwise">
        <Reasons />
      </MarketingSection>

      <MarketingSection tinted title="Frequently asked questions">
        <FaqAccordion items={HOME_FAQ} />
      </MarketingSection>

      <MarketingSection
        title="Ready to see what your ads can do?"
        intro={`${MARKETING_FACTS.brandsText}. ${MARKETING_FACTS.trialText}.`}
      >
        <Box>
          <TrialCallToAction />
        </Box>
      </MarketingSection>
    </>
  );
}
