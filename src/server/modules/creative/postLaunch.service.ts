import type { AdCreative } from '@shared/api/creative';
import { POST_LAUNCH_MESSAGES, type PostLaunchAdImage, type PostLaunchView } from '@shared/api/creativePostLaunch';
import { ErrorCode } from '@shared/api/errors';
import type { Platform } from '@shared/constants';
import type { PostLaunchQueryValidated } from '@shared/validation/creativePostLaunch';

import { readImage } from '../../analysis/creativeImage/imageInput';
import type { AppContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../lib/httpError';
import type { Principal } from '../access/principal';
import { workspaceAccount } from '../access/workspaceAccount';
import { assertCreativePro } from './creativeAccess';
import { presentAdImage, presentPostLaunchAccount, presentPostLaunchCampaign } from './postLaunch.presenter';
import { adCreative, workspaceAccountsByName } from './postLaunch.queries';
import { PLACEMENT_OF_PLATFORM, scoreAccount, workspaceWear } from './postLaunch.scoring';

/** Longest wait for a platform's image server, and the most read from it (the analyzer's own upload limit). */
const IMAGE_TIMEOUT_MS = 10_000;
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Post-launch scores (analysis/creativePostLaunch) of one connected account's delivering ads,
 * each against its own campaign, with the ad's creative as last synced; and an ad's image fetched
 * from where its platform serves it, so a live ad can be analysed like an upload. Pro only.
 */
export function createPostLaunchService(ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'config' | 'platformRuntime'>) {
  const { db, clock, log, config, platformRuntime } = ctx;

  const accountOf = (workspaceId: string, id: string) =>
    workspaceAccount(db, workspaceId, id, notFound(POST_LAUNCH_MESSAGES.accountNotFound));

  /** Whether an image address may be fetched: https anywhere, or the platform's own configured host (the sandbox serves plain http on loopback). */
  function fetchable(url: string, platform: Platform): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.protocol === 'https:') return true;
    return parsed.protocol === 'http:' && parsed.origin === new URL(config.platforms[platform].apiBaseUrl).origin;
  }

  return {
    /** GET creative/post-launch/. */
    async scores(principal: Principal, query: PostLaunchQueryValidated): Promise<PostLaunchView> {
      await assertCreativePro(db, principal.workspaceId, clock.now());
      const connected = await workspaceAccountsByName(db, principal.workspaceId);
      const accounts = connected.map(presentPostLaunchAccount);
      const objective = query.objective ?? 'cpa';
      if (!query.account && !connected.length)
        return {
          accounts,
          account: null,
          objective,
          placement: null,
          spend_floor: 0,
          spend_floor_note: '',
          campaigns: [],
        };
      const account = query.account ? await accountOf(principal.workspaceId, query.account) : connected[0];
      const now = clock.now();
      const wear = await workspaceWear(db, connected, now);
      const { campaigns, floor, note, creativeOf } = await scoreAccount(db, account, now, objective, wear);
      return {
        accounts,
        account: presentPostLaunchAccount(account),
        objective,
        placement: PLACEMENT_OF_PLATFORM[account.platform as Platform],
        spend_floor: floor,
        spend_floor_note: note,
        campaigns: campaigns.map((campaign) => presentPostLaunchCampaign(campaign, creativeOf)),
      };
    },

    /**
     * GET creative/post-launch/image/: a synced ad's image, read from the address its platform
     * gave and checked like an upload (by content, size and pixels) before it is handed over.
     */
    async image(principal: Principal, query: { account: string; ad: string }): Promise<PostLaunchAdImage> {
      await assertCreativePro(db, principal.workspaceId, clock.now());
      const account = await accountOf(principal.workspaceId, query.account);
      const row = await adCreative(db, account.id, query.ad);
      if (!row) throw notFound(POST_LAUNCH_MESSAGES.adNotFound);
      const url = (row.creative as AdCreative | null)?.imageUrl;
      if (!url) throw badRequest(POST_LAUNCH_MESSAGES.noImage, 'ad');
      const platform = account.platform as Platform;
      if (!fetchable(url, platform)) throw badRequest(POST_LAUNCH_MESSAGES.noImage, 'ad');
      let bytes: Buffer;
      try {
        const response = await platformRuntime.fetch(url, {
          redirect: 'error',
          signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const declared = Number(response.headers.get('content-length') ?? 0);
        if (declared > IMAGE_MAX_BYTES) throw new Error('too large');
        bytes = Buffer.from(await response.arrayBuffer());
        if (bytes.length > IMAGE_MAX_BYTES) throw new Error('too large');
      } catch (error) {
        log.warn(
          { accountRef: account.id, platform, error: error instanceof Error ? error.message : String(error) },
          'an ad image could not be fetched',
        );
        throw new HttpError(502, POST_LAUNCH_MESSAGES.imageUnavailable, ErrorCode.PlatformFailed);
      }
      const read = await readImage(bytes);
      if (!read.ok) throw new HttpError(502, POST_LAUNCH_MESSAGES.imageUnavailable, ErrorCode.PlatformFailed);
      return presentAdImage(query.ad, read.image);
    },
  };
}
export type PostLaunchService = ReturnType<typeof createPostLaunchService>;
