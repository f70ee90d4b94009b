import {
  PRO_MONTHLY_PRICE_INR,
  REPLY_HOURS_MAX,
  REPLY_HOURS_MIN,
  SUPPORT_EMAIL,
  TRIAL_DURATION_MS,
  YEARLY_DISCOUNT_PCT,
} from '@shared/constants';
import { DAY_MS } from '@shared/days';

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: readonly string[] };

/** One numbered section of a legal page; `id` is its in-page anchor. */
export interface LegalSection {
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

/** A legal page: its title, a one-line summary, when it last changed and its sections. */
export interface LegalDocument {
  title: string;
  intro: string;
  /** YYYY-MM-DD. */
  lastUpdated: string;
  sections: readonly LegalSection[];
}

/** When both legal pages last changed. */
export const LEGAL_LAST_UPDATED = '2026-11-21';

const TRIAL_DAYS = TRIAL_DURATION_MS / DAY_MS;
const PRO_PRICE = `₹${PRO_MONTHLY_PRICE_INR.toLocaleString('en-IN')}`;
const REPLY = `${REPLY_HOURS_MIN}-${REPLY_HOURS_MAX} hours`;

/** The privacy policy (/privacy-policy): what Adwise stores, why, for how long, and the user's choices. */
export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  intro: 'What Adwise collects, why, how long we keep it, and the choices you have.',
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are and what this policy covers',
      blocks: [
        'Adwise ("we", "us") runs the Adwise website and web application, which bring the ad accounts you connect from Meta, Google Ads, LinkedIn, X (Twitter) and TikTok into one dashboard with suggestions, alerts and budget tools. This policy explains what information the service stores about you and about your advertising, what we do with it and how you can remove it.',
        `If anything here is unclear, write to ${SUPPORT_EMAIL}.`,
      ],
    },
    {
      id: 'in-short',
      title: 'In short',
      blocks: [
        {
          list: [
            'We store what the service needs: your account, the ad data of the platforms you connect, and the e-mails we send you.',
            'Passwords are stored only as argon2id hashes; ad platform tokens are encrypted.',
            'We do not sell your information, show you third-party ads or use tracking cookies.',
            'You can disconnect a platform or delete your account yourself at any time, and the data goes with it.',
          ],
        },
      ],
    },
    {
      id: 'information-you-give-us',
      title: 'Information you give us',
      blocks: [
        {
          list: [
            'Your account: your full name, e-mail address and password. We never store the password itself, only a hash made with argon2id, a deliberately slow, salted algorithm, so we can check a password you type but cannot read it back.',
            'Account settings: your time zone (streaks and daily figures count in your own days), your newsletter preference and the currency your dashboard shows totals in.',
            `Trial and plan: when your ${TRIAL_DAYS}-day free trial started and ends, your plan, and the points and streak you earn by using the product.`,
            'Contact messages: the name, e-mail address and message you send through the contact form, and whether you asked for the newsletter or are interested in a partnership. Nothing else is stored with them: no IP address and no browser details.',
            'Newsletter subscriptions: your e-mail address, where you subscribed (footer, features page, contact form or registration) and whether the subscription is pending, confirmed or ended. A subscription only starts once you open the confirmation link we e-mail you (double opt-in).',
            'Job applications go from your own e-mail program to our careers address; we receive only what you choose to send.',
          ],
        },
      ],
    },
    {
      id: 'ad-platform-data',
      title: 'Information from the ad platforms you connect',
      blocks: [
        'You connect an ad platform by signing in at the platform itself and approving access (OAuth). We never see your password for that platform. In return the platform gives us access tokens, which we encrypt with AES-256-GCM before storing them, each bound to its own connection record. The tokens never leave our servers and are never sent to your browser.',
        'With that access we read and store:',
        {
          list: [
            'the ad accounts you connect: the platform, the account id, its name, currency and time zone;',
            'campaigns: names, status (active or paused), daily budgets and currency, and the names of their ads;',
            'daily performance per campaign and per ad: spend, impressions, clicks, conversions and conversion value. The first sync reads the last 90 days; later syncs read recent days again, because platforms correct their recent figures;',
            'the state of each sync (when it last ran and why it failed, if it did).',
          ],
        },
        'The platforms report these figures as totals. We do not receive information about the individual people who saw or clicked your ads.',
      ],
    },
    {
      id: 'information-from-use',
      title: 'Information created when you use Adwise',
      blocks: [
        {
          list: [
            'Sessions: when you log in you receive a short-lived access token (15 minutes) and a refresh token that is replaced every time it is used. We store refresh tokens only as hashes; a session ends 30 days after login at the latest, and presenting an already-used refresh token ends the whole session.',
            'Security codes: the one-time codes (OTP) that confirm a disconnection and the password reset links are stored only as hashes. A code is valid for 10 minutes and 5 tries; a reset link for 30 minutes and one use.',
            'Login protection: counts of failed logins per e-mail address and per IP address, which start a short cooldown after repeated failures. Failures older than an hour stop counting.',
            'E-mails we send you (one-time codes, password reset links, trial reminders, newsletter confirmations and newsletters) are written to an outbox first: the recipient, subject, text and whether delivery succeeded.',
            'Anonymous product events: when you press certain buttons (for example a pricing plan or a Connect button) the app sends an event holding only the event name, a timestamp and non-personal flags such as the plan or platform. Anything else sent with an event, such as a name, an e-mail address or free text, is dropped and never stored.',
            'Request logs: for each request to our servers, the method, the address requested, the response status, the time taken, the IP address and a request id. Passwords, tokens, codes and e-mail addresses are removed from every log line.',
          ],
        },
      ],
    },
    {
      id: 'cookies-and-storage',
      title: 'Cookies and browser storage',
      blocks: [
        'Adwise sets no advertising or tracking cookies and loads no third-party analytics. Your browser keeps your sign-in session in its local storage when you choose "Remember me", or in session storage (cleared when you close the tab) when you do not. While you connect a platform, a few short-lived values for that connection are kept in the same storage.',
      ],
    },
    {
      id: 'how-we-use-information',
      title: 'How we use information',
      blocks: [
        {
          list: [
            'to run your account, sign you in and keep your sessions secure;',
            'to sync your ad accounts and show your dashboard, suggestions, alerts and budget figures;',
            'to make the changes you ask for at a platform, such as pausing or resuming a campaign;',
            'to send the e-mails you need or asked for: one-time codes, password reset links, a reminder 24 hours before your trial ends, and the newsletter if you subscribed;',
            `to answer your messages, which we aim to do within ${REPLY};`,
            'to protect the service against abuse (rate limits, login cooldowns) and to find and fix faults;',
            'to understand which parts of the product are used, from anonymous product events only.',
          ],
        },
        'We do not sell your information, and we do not share your campaign data with other customers.',
      ],
    },
    {
      id: 'sharing',
      title: 'Who we share information with',
      blocks: [
        {
          list: [
            'The ad platforms you connect: we call their APIs on your behalf with the access you granted, to read reports and to make the changes you request.',
            'Our e-mail delivery provider, which receives the recipient address and content of each e-mail we send you.',
            'The providers that host our servers and database, under agreements that keep the data confidential.',
            'Authorities, when the law requires it.',
          ],
        },
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep information',
      blocks: [
        {
          list: [
            'Account information, points and settings: until you delete your account.',
            'Ad platform tokens and synced data: until you disconnect the platform or delete your account.',
            'E-mails addressed to you in the outbox: until you delete your account.',
            'Contact messages: as long as we need them to answer you and follow up.',
            'Newsletter subscriptions: until you unsubscribe; we then keep the address marked as unsubscribed so we do not write to it again. A subscription made from your account is erased with the account.',
            'Request logs: only as long as we need them to run and secure the service.',
            'Anonymous product events hold no personal data.',
          ],
        },
      ],
    },
    {
      id: 'your-choices',
      title: 'Your choices and rights',
      blocks: [
        'Your account page shows the name and e-mail address we hold for you. Every newsletter e-mail carries an unsubscribe link.',
        "Disconnect a platform: on Connected Accounts, choose Disconnect and confirm with the one-time code we e-mail you. The ad account and its campaigns, ads and daily figures are deleted at once. When the last account of a connection goes, we also revoke our access at the platform and delete the tokens. You can remove Adwise in the platform's own settings at any time as well.",
        "Delete your account: from your account page, choose Delete Account and confirm. Your account and everything tied to it are erased immediately, in one step: sessions, reset links, codes, points, platform connections and their tokens, connected ad accounts, campaigns, ads, daily figures, sync history, the e-mails addressed to you in the outbox, and a newsletter subscription made from your account. We also ask each connected platform to revoke our access, so it no longer lists Adwise as connected. If a platform cannot be reached at that moment, it may keep listing Adwise until you remove it in the platform's own settings, although we no longer hold any token for it.",
        `For anything else, such as a copy of your data, a correction, or removing a contact message or newsletter record, write to ${SUPPORT_EMAIL}. We reply within ${REPLY}.`,
      ],
    },
    {
      id: 'security',
      title: 'How we protect information',
      blocks: [
        'Passwords are hashed with argon2id; ad platform tokens are encrypted with AES-256-GCM; session, reset and code secrets are stored only as hashes; connections use HTTPS; and every request is rate-limited. Disconnecting an ad account requires a code sent to your e-mail. No system is perfectly secure; if we learn of a breach that affects your information, we will tell you without undue delay.',
      ],
    },
    {
      id: 'children',
      title: 'Children',
      blocks: [
        `Adwise is a service for businesses and is not directed at children. We do not knowingly collect data from users under 13. If you believe a child under 13 has given us information, write to ${SUPPORT_EMAIL} and we will delete it.`,
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      blocks: [
        'When we change this policy we update the date at the top of this page. If a change affects how we use information we already hold, we will tell account holders by e-mail before it takes effect.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      blocks: [`Questions about privacy go to ${SUPPORT_EMAIL}.`],
    },
  ],
};

/** The terms of service (/terms-and-service). */
export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  intro: 'The terms that govern your use of Adwise. Please read them before you create an account.',
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: 'agreement',
      title: 'Agreement to these terms',
      blocks: [
        'By creating an account or using the Adwise website and application ("the service"), you agree to these terms and to our Privacy Policy. If you use Adwise on behalf of a company or a client, you confirm that you may accept these terms for them.',
      ],
    },
    {
      id: 'the-service',
      title: 'What Adwise does',
      blocks: [
        'Adwise connects to your ad accounts on Meta, Google Ads, LinkedIn, X (Twitter) and TikTok, shows their performance in one dashboard, and offers suggestions, alerts, budget tools and a Creative Analyzer.',
        'Suggestions, scores and forecasts are guidance, not guarantees. Results vary by vertical and spend, and every decision about your advertising remains yours.',
      ],
    },
    {
      id: 'accounts',
      title: 'Your account',
      blocks: [
        {
          list: [
            'Give accurate information when you register and keep it up to date.',
            'Keep your password to yourself. You are responsible for what happens under your account; tell us at once if you think someone else has used it.',
            'Repeated failed logins start a short cooldown to protect your account.',
            'You must be old enough to enter a contract where you live, and in any case at least 13.',
          ],
        },
      ],
    },
    {
      id: 'trial-and-plans',
      title: 'Free trial and plans',
      blocks: [
        `Every account can start one ${TRIAL_DAYS}-day free trial, with no card needed to explore the core features. The trial starts when you press Start trial, ends exactly ${TRIAL_DAYS} days later and cannot be restarted. We e-mail you a reminder 24 hours before it ends.`,
        `The plans and their prices are shown on the Pricing page: Starter (free, one ad account), Pro (${PRO_PRICE} per month, or ${YEARLY_DISCOUNT_PCT}% less when billed yearly) and Agency (custom, through Contact Sales). Prices are in Indian rupees. The price shown when you subscribe is the price you pay for that billing period; we will tell you before a price change applies to you.`,
      ],
    },
    {
      id: 'connecting-platforms',
      title: 'Connecting ad platforms',
      blocks: [
        {
          list: [
            "Only connect ad accounts you are authorised to manage. The platform's own terms and advertising policies continue to apply to those accounts.",
            'Changes you make from Adwise, such as pausing or resuming a campaign, are real changes at the platform and can affect your spend and results.',
            'You remain responsible for your ad accounts, your budgets and your ads.',
            'Figures come from the platforms and can be delayed or corrected by them after the fact. If a platform is unavailable, changes its interface or ends our access, syncing may pause until the problem is fixed or you reconnect.',
            'You can disconnect a platform at any time from Connected Accounts.',
          ],
        },
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      blocks: [
        'Do not:',
        {
          list: [
            "try to reach other users' accounts or data, or probe, scan or break the service's security;",
            'overload the service, get around its rate limits or collect its content with automated tools;',
            'copy, resell or reverse engineer the service, except where the law allows it;',
            "use Adwise for advertising that is unlawful or breaks the platforms' policies;",
            'upload malware or anything you have no right to share.',
          ],
        },
        'We may suspend an account that breaks these rules, and we will tell you why.',
      ],
    },
    {
      id: 'your-data',
      title: 'Your data',
      blocks: [
        'Your account information and advertising data remain yours. You allow us to store and process them only to provide the service to you, as described in the Privacy Policy.',
      ],
    },
    {
      id: 'our-content',
      title: 'Our content',
      blocks: [
        'The Adwise software, design, name and logo, and the articles on our blog, belong to us. You may quote short passages of our articles with a link to the source.',
      ],
    },
    {
      id: 'linking',
      title: 'Linking to Adwise',
      blocks: [
        'You may link to our home page or to any article on our blog, as long as you do so fairly and lawfully and do not suggest that we endorse you when we do not.',
        `For any other kind of link, such as framing our pages or using our name or logo, please ask first by writing to ${SUPPORT_EMAIL}. We answer requests to link to the site within 2-3 weeks.`,
      ],
    },
    {
      id: 'availability',
      title: 'Availability and changes to the service',
      blocks: [
        'We work to keep Adwise available and accurate, but we cannot promise that it will be uninterrupted or free of errors. We may change, add or remove features; if we remove a feature you pay for, we will tell you in advance.',
      ],
    },
    {
      id: 'liability',
      title: 'Disclaimers and liability',
      blocks: [
        'The service is provided "as is". To the extent the law allows, we are not liable for indirect or consequential losses, such as lost profits or advertising spend, and our total liability to you is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      id: 'ending',
      title: 'Ending your use',
      blocks: [
        'You can stop using Adwise at any time and delete your account from your account page; your data is then erased as the Privacy Policy describes. We may end or suspend an account that seriously or repeatedly breaks these terms.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      blocks: [
        'We will update the date at the top of this page when these terms change, and tell account holders by e-mail before a significant change takes effect. If you keep using Adwise after that, the new terms apply.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      blocks: [`Questions about these terms go to ${SUPPORT_EMAIL}. We reply within ${REPLY}.`],
    },
  ],
};
