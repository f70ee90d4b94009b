import { BRANDING_MESSAGES, type WorkspaceBranding } from '@shared/api/branding';
import type { BrandingInput } from '@shared/validation/branding';

import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/httpError';
import type { Principal } from '../access/principal';
import { workspaceNotFound } from '../access/principal';
import { presentBranding } from './branding.presenter';
import * as queries from './branding.queries';
import { readLogoBase64 } from './logo';
import { createLogoTokens } from './logoTokens';

/**
 * Branding per workspace (issue 17). Routes check the role; everything here is by the principal's
 * workspace. A logo is read by content before anything is saved: a refusal leaves the row as it was.
 */
export function createBrandingService(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = ctx;
  const tokens = createLogoTokens(config.appSecret);
  const logoUrl = (workspaceId: string) => (sha256: string) =>
    `${config.apiBase}/branding/logo/${tokens.sign(workspaceId, sha256)}/`;

  async function present(workspaceId: string, row: queries.BrandingRow | undefined): Promise<WorkspaceBranding> {
    const name = await queries.workspaceName(db, workspaceId);
    if (name === undefined) throw workspaceNotFound();
    return presentBranding(row, name, logoUrl(workspaceId));
  }

  return {
    /** GET workspace/branding/. */
    async get(principal: Principal): Promise<WorkspaceBranding> {
      return present(principal.workspaceId, await queries.brandingOf(db, principal.workspaceId));
    },

    /** PUT workspace/branding/: everything but a left-out logo is replaced. */
    async save(principal: Principal, input: BrandingInput): Promise<WorkspaceBranding> {
      let logo: Partial<queries.NewBrandingRow> = {};
      if (input.logo) {
        const read = await readLogoBase64(input.logo);
        if (!read.ok) throw badRequest(read.message, 'logo');
        const { bytes, type, sha256, width, height } = read.logo;
        logo = { logo: bytes, logoType: type, logoSha256: sha256, logoWidth: width, logoHeight: height };
      }
      const row = await queries.upsertBranding(db, {
        workspaceId: principal.workspaceId,
        name: input.name,
        primaryColor: input.primary_color,
        senderName: input.sender_name ?? null,
        replyTo: input.reply_to ?? null,
        ...logo,
        updatedBy: principal.userId,
        updatedAt: clock.now(),
      });
      return present(principal.workspaceId, row);
    },

    /** DELETE workspace/branding/logo/: the rest of the branding stays; no logo is no error. */
    async removeLogo(principal: Principal): Promise<WorkspaceBranding> {
      const row = await queries.clearLogo(db, principal.workspaceId, principal.userId, clock.now());
      return present(principal.workspaceId, row);
    },

    /** GET branding/logo/<token>/: the bytes, when the token is genuine and still names the current logo. */
    async logo(token: string): Promise<{ bytes: Buffer; type: string }> {
      const named = tokens.verify(token);
      if (!named) throw notFound(BRANDING_MESSAGES.logoNotFound);
      const row = await queries.logoOf(db, named.workspaceId);
      if (!row?.logo || !row.type || !row.sha256?.startsWith(named.hash))
        throw notFound(BRANDING_MESSAGES.logoNotFound);
      return { bytes: row.logo, type: row.type };
    },
  };
}
export type BrandingService = ReturnType<typeof createBrandingService>;
