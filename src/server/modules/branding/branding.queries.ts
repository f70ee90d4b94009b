import { eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/connect';
import { workspaceBranding, workspaces } from '../../db/schema';

/** Drizzle for branding, always by workspace. */

export type BrandingRow = typeof workspaceBranding.$inferSelect;
export type NewBrandingRow = typeof workspaceBranding.$inferInsert;

export async function brandingOf(db: DbOrTx, workspaceId: string): Promise<BrandingRow | undefined> {
  const [row] = await db.select().from(workspaceBranding).where(eq(workspaceBranding.workspaceId, workspaceId));
  return row;
}

export async function workspaceName(db: DbOrTx, workspaceId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.name;
}

/** Inserts or replaces the row; a `logo` left undefined keeps the stored one. */
export async function upsertBranding(db: DbOrTx, row: NewBrandingRow): Promise<BrandingRow> {
  const { workspaceId: _key, ...changes } = row;
  const [saved] = await db
    .insert(workspaceBranding)
    .values(row)
    .onConflictDoUpdate({ target: workspaceBranding.workspaceId, set: changes })
    .returning();
  return saved;
}

export async function clearLogo(
  db: DbOrTx,
  workspaceId: string,
  updatedBy: string,
  updatedAt: Date,
): Promise<BrandingRow | undefined> {
  const [row] = await db
    .update(workspaceBranding)
    .set({ logo: null, logoType: null, logoSha256: null, logoWidth: null, logoHeight: null, updatedBy, updatedAt })
    .where(eq(workspaceBranding.workspaceId, workspaceId))
    .returning();
  return row;
}

/** Only what serving the logo needs. */
export async function logoOf(db: DbOrTx, workspaceId: string) {
  const [row] = await db
    .select({ logo: workspaceBranding.logo, type: workspaceBranding.logoType, sha256: workspaceBranding.logoSha256 })
    .from(workspaceBranding)
    .where(eq(workspaceBranding.workspaceId, workspaceId));
  return row;
}
