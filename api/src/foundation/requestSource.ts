import type { Context } from 'koa';

/** An IPv4 address as people write it, also when it came through an IPv6 socket (::ffff:127.0.0.1). */
const plainIp = (ip: string): string => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

/**
 * Where a request came from, as the activity log and the sessions keep it: the client's address
 * (through the trusted proxies: config.trustProxy) and its browser's User-Agent, cut to 512 characters.
 */
export const requestSource = (ctx: Context): { ip: string; userAgent: string | null } =>
  ({ ip: plainIp(ctx.ip), userAgent: ctx.get('user-agent').slice(0, 512) || null });
