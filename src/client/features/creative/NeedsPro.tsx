import { paths } from '@client/lib/paths';
import { Alert, Link } from '@mui/material';
import { CREATIVE_MESSAGES } from '@shared/api/creative';
import { Link as RouterLink } from 'react-router-dom';

import { errorStatus } from './creative.api';

export const SEE_PRICING = 'See plans and pricing';

/** True for the server's 403: the workspace is not on Pro (nor on a trial). */
export const isNeedsPro = (error: unknown) => errorStatus(error) === 403;

/** The Pro notice, with the way to pricing. */
export function NeedsPro() {
  return (
    <Alert severity="info">
      {CREATIVE_MESSAGES.needsPro}{' '}
      <Link component={RouterLink} to={paths.pricing}>
        {SEE_PRICING}
      </Link>
    </Alert>
  );
}
