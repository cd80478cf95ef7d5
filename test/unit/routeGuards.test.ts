import { routers } from '../../api/src/app';
import { ROUTE_GUARD } from '../../api/src/middleware/guard';
import { PAGE_KEYS } from '@kernel/permissions/pageKeys';

const routes = routers.flatMap((router) => router.stack.map((layer) => ({
  route: `${layer.methods.filter((m) => m !== 'HEAD').join(',')} ${layer.path}`,
  guard: (layer.stack[0] as unknown as Record<symbol, string>)[ROUTE_GUARD],
})));

describe('every API route declares who may call it', () => {
  it('has routes to check', () => {
    expect(routes.length).toBeGreaterThan(5);
  });

  it.each(routes)('$route starts with a page-key, signed-in, active, second-step or public guard', ({ guard }) => {
    expect([...PAGE_KEYS, 'signed-in', 'active', 'second-step', 'public']).toContain(guard);
  });
});
