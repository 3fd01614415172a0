/**
 * The concierge desk's inquiries in AWS (issue 31): the guest's three routes are public on the guest API, the
 * concierge's four sit behind the admin pool's authorizer on the admin API, and the functions that write inquiry
 * mails know where the concierge's notices go (`conciergeEmail`, `concierge@<mailDomain>` by default).
 */
import { synthStack } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };

const template = synthStack({
  stage: 'dev',
  context: { conciergeEmail: 'desk@ehime.example.jp' },
}).template();
const resourcesOf = (type: string) =>
  Object.entries(template.findResources(type) as Record<string, Resource>);
const routeKeys = resourcesOf('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
const functionEnv = (prefix: string) =>
  JSON.stringify(
    resourcesOf('AWS::Lambda::Function').find(([id]) => id.startsWith(prefix))?.[1].Properties.Environment,
  );

describe('the concierge desk: inquiries', () => {
  it.each([
    ['POST /api/inquiries', 'NONE'],
    ['GET /api/inquiries/{token}', 'NONE'],
    ['POST /api/inquiries/{token}/messages', 'NONE'],
    ['GET /api/admin/inquiries', 'JWT'],
    ['GET /api/admin/inquiries/{id}', 'JWT'],
    ['POST /api/admin/inquiries/{id}/messages', 'JWT'],
    ['POST /api/admin/inquiries/{id}/close', 'JWT'],
  ])('%s is a route with authorization %s', (routeKey, authorization) => {
    const route = routeKeys.find((r) => r.RouteKey === routeKey);
    expect(route, routeKey).toBeDefined();
    expect(route!.AuthorizationType).toBe(authorization);
  });

  it('tells the guest and admin APIs the concierge address from the context', () => {
    expect(functionEnv('PublicApi')).toContain('"CONCIERGE_EMAIL":"desk@ehime.example.jp"');
    expect(functionEnv('AdminApi')).toContain('"CONCIERGE_EMAIL":"desk@ehime.example.jp"');
  });

  it('defaults the concierge address to concierge@<mailDomain>', () => {
    const plain = synthStack({ stage: 'dev', context: { mailDomain: 'ehime.example.jp' } }).template();
    const fn = Object.entries(plain.findResources('AWS::Lambda::Function') as Record<string, Resource>).find(
      ([id]) => id.startsWith('PublicApi'),
    );
    expect(JSON.stringify(fn?.[1].Properties.Environment)).toContain(
      '"CONCIERGE_EMAIL":"concierge@ehime.example.jp"',
    );
  });
});
