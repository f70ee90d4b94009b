import { formatRatio, WCAG_AA_NORMAL_TEXT } from '../contrast';

/**
 * Branding per workspace (issue 17): the name shown on reports, a logo, a primary colour that
 * white text stays readable on, and the sender name and reply-to of report e-mails. The client
 * role (and every member) sees the workspace's dashboard in it.
 *
 * GET    workspace/branding/                          -> WorkspaceBranding   any member
 * PUT    workspace/branding/   BrandingInput           -> WorkspaceBranding   'branding:manage' (owner, manager)
 * DELETE workspace/branding/logo/                      -> WorkspaceBranding   'branding:manage'
 * GET    branding/logo/<token>/  (public, signed)      -> the logo's bytes    for <img>; the token names the
 *                                                                             workspace and the logo's content hash
 *
 * The logo travels as base64 in `logo` of the PUT (left out or null: the logo stays as it is).
 */

export const BRANDING_LIMITS = {
  nameMax: 80,
  senderNameMax: 80,
  /** The logo file, decoded. */
  logoMaxBytes: 1_000_000,
  /** A PNG's width and height, and the size an SVG is drawn at (CSS pixels), each. */
  logoMaxSidePx: 4096,
  logoMinSidePx: 16,
} as const;

/** White, the colour of text on the primary colour (app bar, buttons, report headers). */
export const BRANDING_TEXT_COLOUR = '#ffffff';

export type BrandingLogoType = 'image/png' | 'image/svg+xml';

export interface BrandingLogo {
  /** A URL an <img> can load without the access token (signed; changes when the logo does). */
  url: string;
  content_type: BrandingLogoType;
  /** Pixels of a PNG; an SVG's from its width/height or viewBox when it says, else null. */
  width: number | null;
  height: number | null;
  bytes: number;
}

export interface WorkspaceBranding {
  /** False until someone saved branding: the rest are the defaults (the workspace's own name, no colour). */
  configured: boolean;
  name: string;
  /** '#rrggbb', lower case; null: the product's own colours. */
  primary_color: string | null;
  /** Contrast of white text on primary_color (e.g. 7.12), null without a colour. */
  contrast_ratio: number | null;
  sender_name: string | null;
  reply_to: string | null;
  logo: BrandingLogo | null;
  updated_at: string | null;
}

const kb = (bytes: number) => `${Math.round(bytes / 1000).toLocaleString('en-US')} KB`;

export const BRANDING_MESSAGES = {
  nameRequired: 'Enter the name to show on reports.',
  nameTooLong: `The name can be at most ${BRANDING_LIMITS.nameMax} characters.`,
  colourRequired: 'Choose a primary colour.',
  colourInvalid: 'The primary colour must be a hex colour such as #1a4fa0.',
  contrastTooLow: (colour: string, ratio: number) =>
    `White text on ${colour} has a contrast of ${formatRatio(ratio)}; WCAG AA needs at least ${WCAG_AA_NORMAL_TEXT}:1. Choose a darker primary colour.`,
  senderNameTooLong: `The sender name can be at most ${BRANDING_LIMITS.senderNameMax} characters.`,
  replyToInvalid: 'The reply-to address must be a valid e-mail address.',
  logoEncoding: 'The logo must be sent as base64.',
  logoTooLarge: (bytes: number) =>
    `The logo is ${kb(bytes)}; the largest allowed is ${kb(BRANDING_LIMITS.logoMaxBytes)}.`,
  logoEmpty: 'The logo file is empty.',
  logoNotImage: 'The logo must be a PNG or SVG image; this file is neither.',
  logoUnreadablePng: 'The logo looks like a PNG but cannot be read; it may be damaged.',
  logoTooSmall: (width: number, height: number) =>
    `The logo is ${width}×${height} pixels; it must be at least ${BRANDING_LIMITS.logoMinSidePx} pixels on each side.`,
  logoTooBig: (width: number, height: number) =>
    `The logo is ${width}×${height} pixels; it can be at most ${BRANDING_LIMITS.logoMaxSidePx} pixels on each side.`,
  svgUnreadable: 'The SVG logo is not well-formed XML with an <svg> root.',
  svgScript: 'The SVG logo contains a script; upload one without scripts.',
  svgEventHandler: (attribute: string) =>
    `The SVG logo has an event handler (${attribute}); upload one without event handlers.`,
  svgExternal: (reference: string) =>
    `The SVG logo refers to something outside the file (${reference}); upload one that contains everything it draws.`,
  svgTooBig: (width: number, height: number) =>
    `The SVG logo is drawn at ${width}×${height} pixels (its width, height and viewBox); it can be at most ${BRANDING_LIMITS.logoMaxSidePx} pixels on each side. Set a smaller width and height in the file.`,
  svgNoSize: 'The SVG logo has a width or height of zero or less; upload one with a size.',
  svgNotDrawable:
    'The SVG logo cannot be drawn as an image (reports and e-mails show it as one); export it again from your design tool.',
  svgForeignObject: 'The SVG logo contains a foreignObject (HTML inside the SVG); upload one without it.',
  svgEntity: 'The SVG logo declares entities in a DOCTYPE; upload one without them.',
  logoNotFound: 'This logo no longer exists.',
} as const;
