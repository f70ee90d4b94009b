import { type InferType, object } from 'yup';

import { POST_LAUNCH_OBJECTIVES, type PostLaunchObjectiveName } from '../api/creativePostLaunch';
import { queryText } from './dashboard';
import { UUID_PATTERN } from './uuid';

export const POST_LAUNCH_VALIDATION = {
  badAccount: 'Choose one of the workspace’s connected ad accounts.',
  badObjective: `The objective must be one of: ${POST_LAUNCH_OBJECTIVES.join(', ')}.`,
  badAd: 'Choose one of the account’s ads.',
} as const;

const account = () =>
  queryText().required(POST_LAUNCH_VALIDATION.badAccount).matches(UUID_PATTERN, POST_LAUNCH_VALIDATION.badAccount);

/** GET creative/post-launch/. */
export const postLaunchQuerySchema = object({
  account: queryText().matches(UUID_PATTERN, POST_LAUNCH_VALIDATION.badAccount),
  objective: queryText()
    .oneOf(
      [...POST_LAUNCH_OBJECTIVES, undefined] as readonly (PostLaunchObjectiveName | undefined)[],
      POST_LAUNCH_VALIDATION.badObjective,
    )
    .default('cpa'),
});
export type PostLaunchQueryValidated = InferType<typeof postLaunchQuerySchema>;

/** GET creative/post-launch/image/. */
export const postLaunchImageQuerySchema = object({
  account: account(),
  ad: queryText().required(POST_LAUNCH_VALIDATION.badAd).max(200, POST_LAUNCH_VALIDATION.badAd),
});
