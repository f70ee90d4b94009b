import { BRANDING_TEXT_COLOUR, type WorkspaceBranding } from '@shared/api/branding';
import { contrastRatio } from '@shared/contrast';

import type { BrandingRow } from './branding.queries';

/** Row -> API shape; `logoUrl` makes the logo's signed URL. */
export function presentBranding(
  row: BrandingRow | undefined,
  workspaceName: string,
  logoUrl: (sha256: string) => string,
): WorkspaceBranding {
  if (!row) {
    return {
      configured: false,
      name: workspaceName,
      primary_color: null,
      contrast_ratio: null,
      sender_name: null,
      reply_to: null,
      logo: null,
      updated_at: null,
    };
  }
  const ratio = contrastRatio(row.primaryColor, BRANDING_TEXT_COLOUR);
  return {
    configured: true,
    name: row.name,
    primary_color: row.primaryColor,
    contrast_ratio: ratio === null ? null : Math.floor(ratio * 100) / 100,
    sender_name: row.senderName,
    reply_to: row.replyTo,
    logo:
      row.logo && row.logoType && row.logoSha256
        ? {
            url: logoUrl(row.logoSha256),
            content_type: row.logoType,
            width: row.logoWidth,
            height: row.logoHeight,
            bytes: row.logo.length,
          }
        : null,
    updated_at: row.updatedAt.toISOString(),
  };
}
