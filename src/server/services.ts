import type { AppContext } from './context';
import { createAuthService } from './modules/auth/auth.service';
import { createTrialService } from './modules/trial/trial.service';
import { createUsersService } from './modules/users/users.service';

/** Every service, built once from the app's context; routes and jobs get them from here. */
export function createServices(ctx: AppContext) {
  return {
    auth: createAuthService(ctx),
    users: createUsersService(ctx),
    trial: createTrialService(ctx),
  };
}
export type Services = ReturnType<typeof createServices>;
