/** Every route of the app (spec section 2), named once. */
export const paths = {
  home: '/',
  features: '/features',
  pricing: '/pricing',
  dashboard: '/dashboard',
  /** Smart Suggestions: what to change next, with the evidence. */
  suggestions: '/suggestions',
  /** The actions log: what was applied and whether it worked. */
  actions: '/actions',
  /** Alerts: what moved outside its normal range after a sync. */
  alerts: '/alerts',
  /** Automated rules: the list, what waits for approval, and the presets. */
  rules: '/rules',
  /** The rule builder for a new rule (?preset=<id> starts from a preset). */
  newRule: '/rules/new',
  /** The rule builder for an existing rule: /rules/<id>/edit. */
  editRule: '/rules/:id/edit',
  /** Budget tools: monthly budgets with their pacing, and the budget optimizer. */
  budget: '/budget',
  /** The Creative Analyzer: an ad copy (and its image) scored and explained, and copies compared. */
  creativeAnalyzer: '/creative-analyzer',
  /** A shared Creative Analyzer result, read-only, for anyone with the link: /shared/creative/<token>. */
  sharedCreative: '/shared/creative/:token',
  /** Client reports: build, preview, download as PDF, share by link. */
  reports: '/reports',
  /** Where a scheduled report's review e-mail lands: approve or skip a draft, /reports/review/<delivery id>. */
  reportReview: '/reports/review/:id',
  /** A shared report, read-only, for anyone with the link: /shared/reports/<token>. */
  sharedReport: '/shared/reports/:token',
  integrations: '/integrations',
  about: '/about-us',
  careers: '/careers',
  contact: '/contact',
  blog: '/blog',
  /** One article: /blog/<slug>. */
  blogPost: '/blog/:slug',
  /** Where the newsletter's confirmation and unsubscribe links land (?token=...). */
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  terms: '/terms-and-service',
  privacy: '/privacy-policy',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  account: '/account-page',
  deleteAccount: '/delete-account',
  connectedAccounts: '/connected-accounts',
  /** Where an AI assistant (MCP client) sends a person to consent: the OAuth authorization endpoint. */
  oauthAuthorize: '/oauth/authorize',
  /** All clients: every workspace the user can see, with its figures. */
  workspaces: '/workspaces',
  /** The current workspace's members and invitations. */
  team: '/team',
  /** The current workspace's name and Delete workspace. */
  workspaceSettings: '/workspace/settings',
  /** Where a mailed invitation link lands: /invitations/<token>. */
  invitation: '/invitations/:token',
  search: '/search',
  xConnectTest: '/dev/x-connect',
  /** Support's trace replay: development builds only (see AppRouter). */
  devReplay: '/dev/replay',
} as const;

/** One of the app's route paths. */
export type AppPath = (typeof paths)[keyof typeof paths];

/** The search page for a query, e.g. `/search?q=ad%20budget`. */
export function searchPath(query: string): string {
  return `${paths.search}?q=${encodeURIComponent(query)}`;
}

/** The page of one blog article. */
export function blogPostPath(slug: string): string {
  return `${paths.blog}/${encodeURIComponent(slug)}`;
}

/** The page an invitation link opens. */
export function invitationPath(token: string): string {
  return `/invitations/${encodeURIComponent(token)}`;
}

/** The rule builder for a new rule, prefilled from a preset when one is named. */
export function newRulePath(presetId?: string): string {
  return presetId ? `${paths.newRule}?preset=${encodeURIComponent(presetId)}` : paths.newRule;
}

/** The rule builder for an existing rule. */
export function editRulePath(id: string): string {
  return `${paths.rules}/${encodeURIComponent(id)}/edit`;
}
