import type { Platform } from '@shared/constants';

/**
 * The copy and image of the sandbox's ads, written from small phrase banks per product vertical
 * so that texts vary the way real accounts' do: numbers, social proof, urgency, questions and
 * plain statements, mostly within each placement's limits and now and then past the point
 * where the placement cuts them on screen (never past what the platform accepts: Google, X and
 * TikTok refuse over-long text, Meta and LinkedIn cut it). Every choice is a draw from the
 * caller's keyed uniforms, so the same world writes the same copy.
 *
 * The copy may lean on the ad's hidden kind (clickbait leans on curiosity gaps, quiet winners
 * are specific, as such ads tend to be in life), but nothing in it states the truth: the
 * product only ever sees the text.
 */

/** A uniform in [0, 1) for a salt (the world's `ra`). */
export type Draw = (salt: string) => number;

export type CopyKind = 'clickbait' | 'quiet_winner' | 'ordinary';

/** An ad image the sandbox renders on request (images.ts): what to draw, at the placement's size. */
export interface SandboxImage {
  /** 32 hex characters; each emulator writes it in its platform's id format. */
  key: string;
  width: number;
  height: number;
  background: string;
  accent: string;
  shape: 'circle' | 'square' | 'diamond' | 'band';
  /** A short text line drawn on the image, or null for an image without text. */
  caption: string | null;
}

/** What an ad says and shows, platform-neutral; each emulator renders it in its own wire shape. */
export interface SandboxCreative {
  /** Google: the RSA's 3–15 headlines; Meta: the title; LinkedIn: the image's title; X: the card headline; TikTok: none. */
  headlines: string[];
  /** Google only: the RSA's 2–4 descriptions. */
  descriptions: string[];
  /** Meta body, LinkedIn commentary, X post text, TikTok ad text; null on Google. */
  primaryText: string | null;
  /** Meta's link description; null elsewhere. */
  description: string | null;
  /** The platform's call-to-action code; null where the format has no button (Google RSA, X website card). */
  callToAction: string | null;
  landingUrl: string;
  /** Null for Google responsive search ads (text only). */
  image: SandboxImage | null;
}

interface Vertical {
  slug: string;
  brand: string;
  /** Short product names (≤ 14 characters, they go into 30-character headlines). */
  products: string[];
  audience: string;
  /** Specific, checkable facts (≤ 28 characters). */
  specs: string[];
  /** Benefit sentences for body text. */
  benefits: string[];
  offers: string[];
  /** Background colours of the vertical's images. */
  palette: string[];
  /** Call-to-action codes that suit the vertical (each platform keeps those it has). */
  ctas: string[];
}

const VERTICALS: Record<string, Vertical> = {
  outdoor: {
    slug: 'outdoor',
    brand: 'Acme Outdoor',
    products: ['Trail Jacket', 'Hiking Boot', '2-Person Tent', 'Sleeping Bag', 'Daypack'],
    audience: 'hikers',
    specs: ['Waterproof to 20,000 mm', 'Weighs 410 g', 'Packs to 12 x 8 cm', 'Rated to -7 °C', 'Lifetime repairs'],
    benefits: [
      'Stays dry through a full day of rain and still breathes on the climb.',
      'Light enough to forget it is in your pack.',
      'Built to be repaired, not replaced.',
      'Tested on 1,200 km of trail before it reached the shop.',
    ],
    offers: ['20% off', 'free shipping over $50', 'free returns for 60 days'],
    palette: ['#2f5d50', '#3b6e8f', '#8a5a2b', '#4a4e69'],
    ctas: ['SHOP_NOW', 'ORDER_NOW', 'GET_OFFER', 'LEARN_MORE'],
  },
  skincare: {
    slug: 'skincare',
    brand: 'Acme Skin',
    products: ['Night Serum', 'SPF 50 Fluid', 'Gentle Cleanser', 'Eye Cream', 'Face Oil'],
    audience: 'customers',
    specs: [
      '2% niacinamide, no perfume',
      'SPF 50, no white cast',
      'pH 5.5 cleanser',
      '30 ml lasts 10 weeks',
      'Dermatologist tested',
    ],
    benefits: [
      'Absorbs in seconds and sits well under make-up.',
      'Fragrance-free and gentle enough for sensitive skin.',
      'Visible results in 4 weeks in our 112-person study.',
      'Refills cut the packaging by 70%.',
    ],
    offers: ['15% off your first order', 'a free travel size', 'free shipping on every order'],
    palette: ['#f2d7d5', '#e8c4a0', '#d5e8e4', '#c9b6e4'],
    ctas: ['SHOP_NOW', 'ORDER_NOW', 'GET_OFFER', 'LEARN_MORE'],
  },
  coffee: {
    slug: 'coffee',
    brand: 'Acme Coffee',
    products: ['Espresso Beans', 'Cold Brew Kit', 'Pour-Over Set', 'Decaf Blend', 'Subscription'],
    audience: 'coffee lovers',
    specs: [
      'Roasted within 48 hours',
      'Single origin, Huila',
      'Ships whole bean or ground',
      '250 g makes 30 cups',
      'Pause or skip anytime',
    ],
    benefits: [
      'Roasted to order and at your door while it is still fresh.',
      'Notes of cocoa and red fruit, low bitterness.',
      'Skip, pause or cancel your subscription in two clicks.',
      'Every bag names the farm it came from.',
    ],
    offers: ['your first bag free', '25% off a subscription', 'a free grinder with 6 months'],
    palette: ['#6f4e37', '#c0a080', '#2b2b2b', '#a3522f'],
    ctas: ['ORDER_NOW', 'SUBSCRIBE', 'SHOP_NOW', 'GET_OFFER'],
  },
  fitness: {
    slug: 'fitness',
    brand: 'Acme Fit',
    products: ['Smart Band', 'Yoga Mat', 'Kettlebell Set', 'Running Shoes', 'App Membership'],
    audience: 'members',
    specs: ['7-day battery life', '6 mm non-slip mat', 'Adjustable 4-16 kg', '20-minute workouts', 'Cancel anytime'],
    benefits: [
      'Short guided workouts that fit a lunch break.',
      'Tracks sleep, steps and heart rate without a charger every night.',
      'Grips on sweaty floors and rolls up in seconds.',
      'Plans that adapt to how your week actually went.',
    ],
    offers: ['30 days free', '40% off the first year', 'a free band with annual plans'],
    palette: ['#ff6b35', '#004e89', '#1a936f', '#222222'],
    ctas: ['SIGN_UP', 'DOWNLOAD_NOW', 'SHOP_NOW', 'LEARN_MORE'],
  },
  travel: {
    slug: 'travel',
    brand: 'Acme Trips',
    products: ['City Break', 'Beach Stay', 'Rail Pass', 'Weekend Trip', 'Ski Lodge'],
    audience: 'travellers',
    specs: [
      'Free cancellation to 24 h',
      'Hotels from $59 a night',
      'No booking fees',
      '4.6 stars on 9,000 reviews',
      'Pay in 3 instalments',
    ],
    benefits: [
      'Compare 900 hotels and book in under a minute.',
      'Change your dates for free up to a day before.',
      'Prices include taxes, so the total is the total.',
      'Local guides pick every stay on the list.',
    ],
    offers: ['up to 35% off autumn stays', '$50 off your first trip', 'kids stay free'],
    palette: ['#00a6fb', '#f4d35e', '#ee964b', '#0d3b66'],
    ctas: ['BOOK_TRAVEL', 'BOOK_NOW', 'LEARN_MORE', 'GET_OFFER'],
  },
  software: {
    slug: 'software',
    brand: 'Acme Cloud',
    products: ['Analytics', 'CRM', 'Help Desk', 'Data Platform', 'Security Suite'],
    audience: 'teams',
    specs: [
      'SOC 2 Type II certified',
      'Set up in 15 minutes',
      'SSO on every plan',
      '99.95% uptime SLA',
      '200+ integrations',
    ],
    benefits: [
      'Connect your data sources in minutes, not sprints.',
      'Dashboards your finance team will actually open.',
      'Role-based access and audit logs on every plan.',
      'Migrate from spreadsheets without losing history.',
    ],
    offers: ['a 14-day free trial', '20% off annual plans', 'free onboarding for 5 seats'],
    palette: ['#1d3557', '#457b9d', '#2a9d8f', '#264653'],
    ctas: ['REQUEST_DEMO', 'SIGN_UP', 'LEARN_MORE', 'DOWNLOAD'],
  },
  hiring: {
    slug: 'careers',
    brand: 'Acme Talent',
    products: ['Engineering Role', 'Sales Role', 'Internship', 'Remote Role', 'Design Role'],
    audience: 'professionals',
    specs: [
      'Hybrid, 3 days in office',
      '4-day interview loop',
      '$120k-$160k salary band',
      '25 days paid leave',
      'Offices in 6 cities',
    ],
    benefits: [
      'Work on products used by 40,000 companies.',
      'Learning budget of $2,000 a year, every year.',
      'Clear salary bands published for every role.',
      'Parental leave of 20 weeks for every parent.',
    ],
    offers: ['open roles in 6 cities', 'a referral bonus', 'a fast 2-week process'],
    palette: ['#003049', '#669bbc', '#c1121f', '#283618'],
    ctas: ['APPLY', 'LEARN_MORE', 'REGISTER'],
  },
  finance: {
    slug: 'finance',
    brand: 'Acme Ledger',
    products: ['Invoicing', 'Expense Cards', 'Payroll', 'Bookkeeping', 'Tax Filing'],
    audience: 'finance teams',
    specs: [
      'Close the books in 3 days',
      'Cards issued in minutes',
      'Syncs with 40 banks',
      'GDPR and SOC 2 ready',
      'Payroll in 12 countries',
    ],
    benefits: [
      'Receipts matched to card spend automatically.',
      'Approve invoices from your phone in one tap.',
      'Month-end close goes from two weeks to three days.',
      'Every transaction categorised before you look at it.',
    ],
    offers: ['3 months free', 'a free migration', 'no fees for the first year'],
    palette: ['#0b6e4f', '#08a045', '#073b4c', '#118ab2'],
    ctas: ['SIGN_UP', 'REQUEST_DEMO', 'LEARN_MORE', 'DOWNLOAD'],
  },
};

/** Which verticals each platform's accounts advertise (LinkedIn is business-to-business). */
const PLATFORM_VERTICALS: Record<Platform, string[]> = {
  google: ['outdoor', 'skincare', 'travel', 'software', 'finance'],
  meta: ['outdoor', 'skincare', 'coffee', 'fitness', 'travel'],
  linkedin: ['software', 'hiring', 'finance'],
  x: ['software', 'coffee', 'fitness', 'travel'],
  tiktok: ['skincare', 'coffee', 'fitness', 'outdoor'],
};

/** The platforms' own call-to-action codes the sandbox draws from, per platform. */
export const CALLS_TO_ACTION: Record<Platform, string[]> = {
  google: [],
  // Graph call_to_action_type values.
  meta: ['SHOP_NOW', 'LEARN_MORE', 'SIGN_UP', 'GET_OFFER', 'ORDER_NOW', 'BOOK_TRAVEL', 'SUBSCRIBE'],
  // Posts API contentCallToActionLabel values.
  linkedin: ['LEARN_MORE', 'SIGN_UP', 'REQUEST_DEMO', 'APPLY', 'DOWNLOAD', 'REGISTER'],
  // X website cards have no button: the card's headline and image are the link.
  x: [],
  // TikTok ad call_to_action values.
  tiktok: ['SHOP_NOW', 'LEARN_MORE', 'SIGN_UP', 'ORDER_NOW', 'DOWNLOAD_NOW', 'BOOK_NOW'],
};

/** Image size per platform's main placement: Meta feed 1:1, LinkedIn 1.91:1, X 16:9 card, TikTok 9:16. */
export const IMAGE_SIZES: Record<Platform, { width: number; height: number } | null> = {
  google: null,
  meta: { width: 1080, height: 1080 },
  linkedin: { width: 1200, height: 627 },
  x: { width: 1200, height: 675 },
  tiktok: { width: 1080, height: 1920 },
};

/**
 * Lengths the copy aims at: `fit` is what the placement shows before cutting (or the most it
 * accepts, where it refuses rather than cuts), `max` what the platform accepts at all.
 */
const LENGTHS: Record<Platform, { headline: number; headlineMax: number; text: number; textMax: number }> = {
  google: { headline: 30, headlineMax: 30, text: 90, textMax: 90 },
  meta: { headline: 27, headlineMax: 40, text: 125, textMax: 400 },
  linkedin: { headline: 70, headlineMax: 200, text: 150, textMax: 600 },
  x: { headline: 70, headlineMax: 70, text: 230, textMax: 230 },
  tiktok: { headline: 0, headlineMax: 0, text: 100, textMax: 100 },
};
/** Share of cutting placements' texts written past the cut (Meta, LinkedIn). */
const OVERRUN_RATE = 0.15;

function pickFrom<T>(r: Draw, salt: string, list: readonly T[]): T {
  return list[Math.floor(r(salt) * list.length) % list.length];
}

/** The vertical a campaign advertises. */
export function drawVertical(platform: Platform, r: Draw): string {
  return pickFrom(r, 'vertical', PLATFORM_VERTICALS[platform]);
}

const STYLES = ['numbers', 'proof', 'urgency', 'question', 'plain'] as const;
type Style = (typeof STYLES)[number] | 'curiosity' | 'specific';

/** The style of one line: clickbait ads lean on curiosity, quiet winners on specifics. */
function styleOf(kind: CopyKind, r: Draw, salt: string): Style {
  const u = r(`${salt}:lean`);
  if (kind === 'clickbait' && u < 0.55) return 'curiosity';
  if (kind === 'quiet_winner' && u < 0.55) return 'specific';
  return pickFrom(r, `${salt}:style`, STYLES);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Friday', 'Tonight', 'Midnight'];

/** A short headline (Google 30, Meta 27) in a style. */
function headline(v: Vertical, style: Style, r: Draw, salt: string): string {
  const product = pickFrom(r, `${salt}:product`, v.products);
  const percent = 10 + 5 * Math.floor(r(`${salt}:pct`) * 7);
  const count = 2 + Math.floor(r(`${salt}:n`) * 9);
  const thousands = 5 + Math.floor(r(`${salt}:k`) * 95);
  const options: Record<Style, string[]> = {
    numbers: [
      `${percent}% Off ${product}`,
      `${count} ${product} Deals`,
      `${product}: Save ${percent}%`,
      `Top ${count} ${product} Picks`,
    ],
    proof: [
      `Loved by ${thousands}k ${v.audience}`,
      `Rated 4.${Math.floor(r(`${salt}:stars`) * 9) + 1}/5 by ${v.audience}`,
      `${thousands}k Reviews, 4.8 Stars`,
    ],
    urgency: [
      `Ends ${pickFrom(r, `${salt}:day`, WEEKDAYS)}: ${percent}% Off`,
      `Last Chance: ${product}`,
      `Only Today: ${percent}% Off`,
      `Final Hours on ${product}`,
    ],
    question: [
      `Need a Better ${product}?`,
      `Still Paying Too Much?`,
      `Ready for a New ${product}?`,
      `Why Not Try ${v.brand}?`,
    ],
    plain: [`${v.brand} ${product}`, `Shop ${product}`, `${product} by ${v.brand}`, `The ${product}`],
    curiosity: [
      `You Won't Believe This`,
      `The ${product} Secret`,
      `This Changes Everything`,
      `Nobody Tells You This`,
      `Wait Until You See This`,
    ],
    specific: [pickFrom(r, `${salt}:spec`, v.specs)],
  };
  return pickFrom(r, `${salt}:line`, options[style]);
}

/** The first sentence of body text in a style. */
function hook(v: Vertical, style: Style, r: Draw, salt: string): string {
  const product = pickFrom(r, `${salt}:product`, v.products).toLowerCase();
  const thousands = 5 + Math.floor(r(`${salt}:k`) * 95);
  const options: Record<Style, string[]> = {
    numbers: [
      `${thousands},000 ${v.audience} and counting.`,
      `3 reasons ${v.audience} pick our ${product}.`,
      `Save ${10 + 5 * Math.floor(r(`${salt}:pct`) * 7)}% on the ${product} this week.`,
    ],
    proof: [
      `Join ${thousands},000 ${v.audience} who switched to ${v.brand}.`,
      `"Best ${product} I've had" - one of ${thousands}k five-star reviews.`,
    ],
    urgency: [
      `The offer ends ${pickFrom(r, `${salt}:day`, WEEKDAYS).toLowerCase()}.`,
      `Only a few left at this price.`,
      `Last day to get ${pickFrom(r, `${salt}:offer`, v.offers)}.`,
    ],
    question: [
      `Looking for a ${product} that actually lasts?`,
      `Tired of settling for less?`,
      `What would you do with an extra hour a week?`,
    ],
    plain: [`Meet the ${product} from ${v.brand}.`, `${v.brand} makes the ${product} simple.`, `New: the ${product}.`],
    curiosity: [
      `We didn't expect this to work. It did.`,
      `The one thing nobody tells you about ${product}s...`,
      `You'll never guess what happened next.`,
      `This is why everyone is talking about it.`,
    ],
    specific: [
      `${pickFrom(r, `${salt}:spec`, v.specs)}.`,
      `Our ${product}: ${pickFrom(r, `${salt}:spec2`, v.specs).toLowerCase()}.`,
    ],
  };
  return pickFrom(r, `${salt}:line`, options[style]);
}

/** Sentences joined up to `limit` characters; with `overrun`, on past it (within `max`). */
function compose(sentences: string[], limit: number, max: number, overrun: boolean): string {
  let text = sentences[0].length <= max ? sentences[0] : sentences[0].slice(0, max);
  for (const sentence of sentences.slice(1)) {
    const next = `${text} ${sentence}`;
    if (next.length > max) break;
    if (!overrun && next.length > limit) break;
    text = next;
    if (overrun && text.length > limit) break;
  }
  return text;
}

/** Body text: a hook, then benefits, offer and proof, to the placement's length. */
function bodyText(
  v: Vertical,
  kind: CopyKind,
  r: Draw,
  salt: string,
  limit: number,
  max: number,
  overrun: boolean,
): string {
  const benefits = [...v.benefits].sort((a, b) => r(`${salt}:b:${a}`) - r(`${salt}:b:${b}`));
  const sentences = [
    hook(v, styleOf(kind, r, `${salt}:hook`), r, `${salt}:hook`),
    ...benefits.slice(0, 2),
    `Get ${pickFrom(r, `${salt}:offer`, v.offers)}.`,
    ...benefits.slice(2),
  ];
  return compose(sentences, limit, max, overrun);
}

/** Distinct headlines, each within `max` characters. */
function headlines(v: Vertical, kind: CopyKind, r: Draw, salt: string, count: number, max: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count && i < count * 6; i += 1) {
    const line = headline(v, styleOf(kind, r, `${salt}${i}`), r, `${salt}${i}`);
    if (line.length <= max && !out.includes(line)) out.push(line);
  }
  if (out.length === 0) out.push(`${v.brand}`.slice(0, max));
  return out;
}

/** 32 hex characters from a key (the image's id). */
function hexKey(r: Draw): string {
  let out = '';
  for (let i = 0; i < 32; i += 1) out += Math.floor(r(`image:hex${i}`) * 16).toString(16);
  return out;
}

/** The ad's image for the platform's main placement, or null for a text-only format. */
function image(platform: Platform, v: Vertical, r: Draw, caption: string): SandboxImage | null {
  const size = IMAGE_SIZES[platform];
  if (!size) return null;
  const shapes: SandboxImage['shape'][] = ['circle', 'square', 'diamond', 'band'];
  const accents = ['#ffffff', '#111111', '#ffd166', '#ef476f'];
  return {
    key: hexKey(r),
    ...size,
    background: pickFrom(r, 'image:bg', v.palette),
    accent: pickFrom(r, 'image:accent', accents),
    shape: pickFrom(r, 'image:shape', shapes),
    caption: r('image:text') < 0.6 ? caption.slice(0, 28) : null,
  };
}

/** A landing page on an example domain, with the UTM tags advertisers add. */
function landingUrl(platform: Platform, v: Vertical, r: Draw, campaignName: string): string {
  const product = pickFrom(r, 'landing:product', v.products)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  const campaign = campaignName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `https://www.acme-${v.slug}.example/${product}?utm_source=${platform}&utm_medium=paid&utm_campaign=${campaign}`;
}

/**
 * The copy and image of one ad. `r` is the ad's own keyed stream (callers pass salts no other
 * draw uses, so adding copy changed no number the world drew before).
 */
export function writeCreative(
  platform: Platform,
  vertical: string,
  kind: CopyKind,
  campaignName: string,
  r: Draw,
): SandboxCreative {
  const v = VERTICALS[vertical] ?? VERTICALS.outdoor;
  const lengths = LENGTHS[platform];
  const overrun = r('copy:overrun') < OVERRUN_RATE;
  const fitting = CALLS_TO_ACTION[platform].filter((code) => v.ctas.includes(code));
  const ctas = fitting.length ? fitting : CALLS_TO_ACTION[platform];
  const cta = ctas.length ? pickFrom(r, 'copy:cta', ctas) : null;
  const landing = landingUrl(platform, v, r, campaignName);
  switch (platform) {
    case 'google': {
      const heads = headlines(v, kind, r, 'copy:h', 3 + Math.floor(r('copy:hcount') * 13), lengths.headlineMax);
      // Fewer distinct lines than asked for can come out of the banks; an RSA needs at least 3.
      while (heads.length < 3)
        heads.push([`${v.brand}`, `Official ${v.brand} Site`, `Shop ${v.brand} Online`][heads.length]);
      const descriptionCount = 2 + Math.floor(r('copy:dcount') * 3);
      const descriptions = Array.from({ length: descriptionCount }, (_, i) =>
        bodyText(v, kind, r, `copy:d${i}`, lengths.text, lengths.textMax, false),
      ).filter((d, i, all) => all.indexOf(d) === i);
      while (descriptions.length < 2)
        descriptions.push(`${v.brand}: ${pickFrom(r, 'copy:dfill', v.benefits)}`.slice(0, lengths.textMax));
      return {
        headlines: heads,
        descriptions,
        primaryText: null,
        description: null,
        callToAction: null,
        landingUrl: landing,
        image: null,
      };
    }
    case 'tiktok': {
      // No emojis, braces or '#' (TikTok refuses them); at least 12 characters.
      const text = bodyText(v, kind, r, 'copy:text', lengths.text, lengths.textMax, false);
      return {
        headlines: [],
        descriptions: [],
        primaryText: text,
        description: null,
        callToAction: cta,
        landingUrl: landing,
        image: image(platform, v, r, text),
      };
    }
    default: {
      const cuts = platform === 'meta' || platform === 'linkedin';
      const headMax = cuts && overrun ? lengths.headlineMax : lengths.headline;
      const title = headlines(v, kind, r, 'copy:h', 1, headMax)[0];
      const text = bodyText(v, kind, r, 'copy:text', lengths.text, lengths.textMax, cuts && overrun);
      const description =
        platform === 'meta' ? pickFrom(r, 'copy:desc', [...v.specs, ...v.offers.map((o) => `Get ${o}`)]) : null;
      return {
        headlines: [title],
        descriptions: [],
        primaryText: text,
        description,
        callToAction: cta,
        landingUrl: landing,
        image: image(platform, v, r, title),
      };
    }
  }
}

/**
 * A fresh execution of the same concept (refreshCreative): new lines and a new image, the same
 * offer page and button.
 */
export function rewriteCreative(
  platform: Platform,
  vertical: string,
  kind: CopyKind,
  campaignName: string,
  before: SandboxCreative,
  r: Draw,
): SandboxCreative {
  const fresh = writeCreative(platform, vertical, kind, campaignName, r);
  return { ...fresh, landingUrl: before.landingUrl, callToAction: before.callToAction };
}
