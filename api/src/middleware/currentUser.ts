import type { Context, Next } from 'koa';
import type { AppState } from '../appState';
import { User } from '../users/User';

/**
 * Loads the signed-in user fresh on each request, so a deactivation or deletion takes effect
 * at once: such a user's session is ended here.
 */
export async function loadCurrentUser(ctx: Context & { state: AppState }, next: Next): Promise<void> {
  const userId = ctx.session?.userId as number | undefined;
  if (userId !== undefined) {
    const user = await User.query(ctx.state.db).modify('live').findById(userId);
    if (user && user.status !== 'inactive') ctx.state.user = user;
    else ctx.session = null;
  }
  await next();
}
