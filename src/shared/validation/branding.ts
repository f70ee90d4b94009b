import { type InferType, object, string } from 'yup';

import { BRANDING_LIMITS, BRANDING_MESSAGES, BRANDING_TEXT_COLOUR } from '../api/branding';
import { contrastRatio, HEX_COLOUR_PATTERN, WCAG_AA_NORMAL_TEXT } from '../contrast';
import { EMAIL_MAX_LENGTH } from './auth';

/**
 * PUT workspace/branding/ (contract: ../api/branding), run by the server's route and the
 * branding form alike. Empty optional fields mean "none"; the colour is lower-cased; the logo's
 * content is checked by the server (PNG or SVG by its bytes, not by a name).
 */

const emptyToNull = (value: unknown) => (value === '' ? null : value);

export const brandingSchema = object({
  name: string()
    .trim()
    .required(BRANDING_MESSAGES.nameRequired)
    .max(BRANDING_LIMITS.nameMax, BRANDING_MESSAGES.nameTooLong),
  primary_color: string()
    .trim()
    .lowercase()
    .required(BRANDING_MESSAGES.colourRequired)
    .matches(HEX_COLOUR_PATTERN, BRANDING_MESSAGES.colourInvalid)
    .test('contrast', function contrast(value) {
      if (!value || !HEX_COLOUR_PATTERN.test(value)) return true;
      const ratio = contrastRatio(value, BRANDING_TEXT_COLOUR)!;
      return (
        ratio >= WCAG_AA_NORMAL_TEXT || this.createError({ message: BRANDING_MESSAGES.contrastTooLow(value, ratio) })
      );
    }),
  sender_name: string()
    .trim()
    .transform(emptyToNull)
    .nullable()
    .default(null)
    .max(BRANDING_LIMITS.senderNameMax, BRANDING_MESSAGES.senderNameTooLong),
  reply_to: string()
    .trim()
    .lowercase()
    .transform(emptyToNull)
    .nullable()
    .default(null)
    .max(EMAIL_MAX_LENGTH, BRANDING_MESSAGES.replyToInvalid)
    .email(BRANDING_MESSAGES.replyToInvalid),
  /** Base64 of a PNG or SVG file; left out or null: the logo stays as it is. */
  logo: string().nullable().default(null),
});
export type BrandingInput = InferType<typeof brandingSchema>;
