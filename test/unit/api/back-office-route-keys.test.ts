import { adminRouteKeys } from '../../../functions/api/admin-api';
import { hostRouteKeys } from '../../../functions/api/host-api';
import { routeKeyOf, routes } from '../../../functions/api/routes';

/** API Gateway routes by `routes.ts`; each group's handler dispatches by its own table: the two must be one list. */
describe('back-office route tables', () => {
  it.each([
    ['admin-api', 'admin', adminRouteKeys],
    ['host-api', 'host', hostRouteKeys],
  ] as const)(
    '%s answers exactly the routes API Gateway sends it, all behind its pool',
    (group, auth, keys) => {
      const declared = routes.filter((r) => r.group === group);
      expect(declared.map(routeKeyOf).sort()).toEqual([...keys].sort());
      expect(declared.every((r) => r.auth === auth && !r.localOnly)).toBe(true);
    },
  );

  it('includes every admin route of the fixed contract (DESIGN §6)', () => {
    expect(adminRouteKeys).toEqual(
      expect.arrayContaining([
        'GET /api/admin/dashboard',
        'GET /api/admin/bookings',
        'GET /api/admin/bookings/{id}',
        'GET /api/admin/hosts',
        'GET /api/admin/hosts/{id}',
        'POST /api/admin/hosts',
      ]),
    );
  });
});
