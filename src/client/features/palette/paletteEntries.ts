import { allowedBy, allowedPages, type PageAccess } from '@client/app/appPages';
import { newRulePath, paths } from '@client/lib/paths';
import type { Action } from '@shared/access/policy';

/** What choosing an entry does; the palette's host (app/shell/CommandPalette) carries it out. */
export type PaletteRun =
  { kind: 'navigate'; to: string } | { kind: 'switchWorkspace'; workspaceId: string } | { kind: 'refresh' };

/** The kinds of entry, as each option names its own (screen readers read it after the label). */
export type PaletteGroup = 'Page' | 'Command' | 'Workspace' | 'Campaign' | 'Ad';

/** One entry of the palette's list. */
export interface PaletteEntry {
  /** Unique in the list: the option's id is made from it. */
  id: string;
  group: PaletteGroup;
  label: string;
  /** Said after the label (an ad's campaign, a workspace's role). */
  detail?: string;
  run: PaletteRun;
}

/** What decides which pages and commands a member is offered (the app's one page access). */
export type PaletteAccess = PageAccess;

/** A command: what it runs and the action it needs (all of them need the entitlement). */
const COMMANDS: readonly { key: string; label: string; run: PaletteRun; needs: Action }[] = [
  { key: 'refresh', label: 'Refresh', run: { kind: 'refresh' }, needs: 'sync:run' },
  { key: 'new-rule', label: 'New rule', run: { kind: 'navigate', to: newRulePath() }, needs: 'rules:write' },
  { key: 'new-report', label: 'New report', run: { kind: 'navigate', to: paths.reports }, needs: 'reports:write' },
  {
    key: 'analyse-creative',
    label: 'Analyse a creative',
    run: { kind: 'navigate', to: paths.creativeAnalyzer },
    needs: 'creative:analyze',
  },
];

/** The page and command entries a member is offered. */
export function pageAndCommandEntries(access: PaletteAccess): PaletteEntry[] {
  const pages = allowedPages(access).map(({ key, label, to }): PaletteEntry => ({
    id: `page-${key}`,
    group: 'Page',
    label,
    run: { kind: 'navigate', to },
  }));
  const commands = COMMANDS.filter((command) => allowedBy(access, command.needs, true)).map(
    ({ key, label, run }): PaletteEntry => ({ id: `command-${key}`, group: 'Command', label, run }),
  );
  return [...pages, ...commands];
}

/** The dashboard with a campaign's drill-down open (DashboardPage reads ?campaign=). */
export function campaignPath(campaignId: string): string {
  return `${paths.dashboard}?campaign=${encodeURIComponent(campaignId)}`;
}
