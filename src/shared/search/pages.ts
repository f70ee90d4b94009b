import { REPLY_HOURS_MAX, REPLY_HOURS_MIN } from '../constants';

/** One public page the site search can find. */
export interface SearchPageEntry {
  title: string;
  /** The page's route, e.g. /pricing (the client checks each against its route table). */
  path: string;
  /** Shown under the title in the results. */
  description: string;
  /** Other words people use for what the page offers. */
  keywords: string[];
}

/** The product's public pages; the search looks at title, description and keywords. */
export const PUBLIC_PAGES: readonly SearchPageEntry[] = [
  {
    title: 'Home',
    path: '/',
    description: 'Every ad platform in one dashboard, with a free trial.',
    keywords: ['adwise', 'start', 'trial', 'free trial', 'overview', 'dashboard preview', 'testimonials', 'faq'],
  },
  {
    title: 'Features',
    path: '/features',
    description: 'Suggestions, alerts, budget tools and the Creative Analyzer.',
    keywords: ['ai', 'suggestions', 'alerts', 'budget', 'creative analyzer', 'psychology', 'scoring', 'insights'],
  },
  {
    title: 'Pricing',
    path: '/pricing',
    description: 'Starter, Pro and Agency plans, monthly or yearly.',
    keywords: ['plans', 'price', 'cost', 'starter', 'pro', 'agency', 'billing', 'yearly', 'monthly', 'discount'],
  },
  {
    title: 'Integrations',
    path: '/integrations',
    description: 'The ad platforms Adwise connects to.',
    keywords: [
      'meta',
      'facebook',
      'instagram',
      'google ads',
      'linkedin',
      'twitter',
      'x',
      'tiktok',
      'platforms',
      'connect',
    ],
  },
  {
    title: 'About Us',
    path: '/about-us',
    description: 'Our mission, story, founders and team.',
    keywords: ['company', 'mission', 'story', 'founders', 'team', 'values'],
  },
  {
    title: 'Careers',
    path: '/careers',
    description: 'Open positions and the talent pool.',
    keywords: ['jobs', 'hiring', 'work', 'positions', 'internship', 'freelance', 'remote', 'apply'],
  },
  {
    title: 'Contact',
    path: '/contact',
    description: `Write to us; we reply within ${REPLY_HOURS_MIN}-${REPLY_HOURS_MAX} hours.`,
    keywords: ['contact us', 'support', 'help', 'email', 'partnership', 'sales', 'get in touch'],
  },
  {
    title: 'Blog',
    path: '/blog',
    description: 'Articles on ad performance and creative testing.',
    keywords: ['articles', 'news', 'posts', 'guides', 'tips'],
  },
  {
    title: 'Terms of Service',
    path: '/terms-and-service',
    description: 'The terms for using Adwise.',
    keywords: ['terms', 'legal', 'conditions', 'agreement'],
  },
  {
    title: 'Privacy Policy',
    path: '/privacy-policy',
    description: 'How we handle your data.',
    keywords: ['privacy', 'data', 'gdpr', 'cookies', 'legal'],
  },
  {
    title: 'Login',
    path: '/login',
    description: 'Sign in to your account.',
    keywords: ['sign in', 'log in', 'account', 'password'],
  },
  {
    title: 'Register',
    path: '/register',
    description: 'Create an account and start a free trial.',
    keywords: ['sign up', 'create account', 'join', 'trial'],
  },
];
