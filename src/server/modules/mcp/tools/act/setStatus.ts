import { z } from 'zod';

import { uuidArgument } from '../schemas';
import { actTool, confirmationArgument, TWO_STEPS } from './act';
import { actionView, loggedAction, undoHint, whereWords } from './words';

const LABELS = { active: 'Active', paused: 'Paused' } as const;

/**
 * set_status: the dashboard's pause and resume of a campaign (POST dashboard/campaigns/<id>/status/).
 * Campaigns only: Adwise has no pause or resume of a single ad of its own (an ad is paused by
 * applying a pause_ad suggestion, apply_suggestion).
 */
export const setStatus = actTool({
  name: 'set_status',
  title: 'Pause or resume a campaign',
  description:
    'Pauses or resumes a campaign (its `id` from get_performance with level campaign) at its ad platform, as the dashboard does: logged in the actions log and undoable for 10 minutes. Campaigns only; to pause an ad, apply its pause_ad suggestion.' +
    TWO_STEPS,
  action: 'campaigns:write',
  destructive: true,
  openWorld: true,
  input: z.object({
    campaign_id: uuidArgument('campaign_id').describe('The campaign, its `id` from get_performance (level campaign).'),
    status: z.enum(['active', 'paused']).describe('active resumes the campaign, paused pauses it.'),
    confirmation_id: confirmationArgument,
  }),
  async preview(args, { principal, services }) {
    const found = await services.dashboard.previewCampaignStatus(principal, args.campaign_id, LABELS[args.status]);
    const where = whereWords(found.account.platform, found.account);
    return {
      preview: found as unknown as Record<string, unknown>,
      summary: found.unchanged
        ? `Campaign “${found.campaign.name}” on ${where} is already ${found.to}.`
        : `On ${where}: set campaign “${found.campaign.name}” from ${found.from} to ${found.to}.`,
      state: found.from,
      nothingToDo: found.unchanged,
    };
  },
  async execute(args, context) {
    const { principal, services } = context;
    const result = await services.dashboard.changeCampaignStatus(principal, args.campaign_id, LABELS[args.status]);
    const action = await loggedAction(context, result.action_id);
    return {
      structured: {
        status: 'applied',
        campaign: { id: result.id, status: result.status },
        action: action ? actionView(action) : null,
      },
      summary: `Done: the campaign is ${result.status}. ${action ? undoHint(action.id) : ''}`.trim(),
    };
  },
});
