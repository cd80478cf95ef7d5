import { currentQueryTimeout, isLongRequest, withQueryTimeout } from '../../api/src/db/deadline';
import { ROUTES } from '../helpers/routeTable';

describe("a request's database deadline", () => {
  // A renamed or added route of these kinds shows here: else it would get a person's short limit.
  it('is the long one for reports, exports, imports and the batch, and for nothing else', () => {
    expect(ROUTES.filter((route) => isLongRequest(route.method, route.path)).map((route) => route.name).sort()).toEqual([
      'GET /api/activity-logs/export.csv',
      'GET /api/delivery-areas/export.csv',
      'GET /api/orders/export.csv',
      'GET /api/rate-cards/export.csv',
      'GET /api/report-runs/export.csv',
      'GET /api/reports/area-revenue',
      'GET /api/reports/statistics',
      'GET /api/suppliers/export.csv',
      'GET /api/translations/export.csv',
      'GET /api/trash/export.csv',
      'GET /api/users/export.csv',
      'GET /api/vehicle-types/export.csv',
      'GET /api/warehouses/export.csv',
      'POST /api/orders/batch-completion-date',
      'POST /api/orders/bulk-edit',
      'POST /api/orders/import',
      'POST /api/report-runs',
      'POST /api/translations/import',
    ]);
    expect(isLongRequest('HEAD', '/api/orders/export.csv')).toBe(true);
    expect(isLongRequest('GET', '/api/orders/import')).toBe(false);
  });

  it('holds for the work it wraps, across its awaits, and for nothing after it', async () => {
    expect(currentQueryTimeout()).toBeUndefined();
    const seen = await withQueryTimeout(1_000, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentQueryTimeout();
    });
    expect(seen).toBe(1_000);
    expect(currentQueryTimeout()).toBeUndefined();
  });
});
