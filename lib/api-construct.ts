import { Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routes, type HandlerGroup, type RouteAuth } from '../functions/api/routes';
import type { UserPoolWithClient } from './auth-construct';
import type { ApiThrottles, Throttle } from './stage-config';

export interface ApiConstructProps {
  /** The Lambda of each handler group that has routes. */
  functions: Partial<Record<HandlerGroup, lambda.IFunction>>;
  hosts: UserPoolWithClient;
  admins: UserPoolWithClient;
  /** Extra routes outside the shared route table (the Stripe webhook relay). */
  extraRoutes?: { method: apigw.HttpMethod; path: string; fn: lambda.IFunction }[];
  /**
   * The API's own domain (a regional ACM certificate for it in the stack's region). With it the execute-api
   * endpoint is disabled and CloudFront reaches the API by this name only; the operator points its DNS record at
   * the `ApiDomainTarget` output.
   */
  customDomain?: { name: string; certificateArn: string };
  /** The stage's and the routes' throttles (`API_THROTTLES` in `stage-config.ts`). */
  throttles: ApiThrottles;
}

/**
 * The HTTP API: every route of `functions/api/routes.ts` except local-only ones, each integrated with the Lambda
 * of its group and protected by the JWT authorizer of its pool. CloudFront is the only intended client, so no CORS.
 */
export class ApiConstruct extends Construct {
  readonly api: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  /** The API's own domain, when it has one. */
  readonly domain?: apigw.DomainName;
  private readonly customDomainName?: string;

  constructor(scope: Construct, id: string, props: ApiConstructProps) {
    super(scope, id);
    const region = Stack.of(this).region;
    this.api = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Experience marketplace API (served under /api by CloudFront)',
      createDefaultStage: false,
      // CloudFront (with its web ACL and the origin secret) is the only way in. API Gateway answers 403 on a
      // disabled execute-api endpoint to CloudFront as well, so it can only be disabled where the API has a domain
      // of its own for CloudFront to use; without one the origin secret alone turns direct calls away.
      disableExecuteApiEndpoint: props.customDomain !== undefined,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      // Each route without a bucket of its own (sized from the expected peak: `API_THROTTLES`). The account's
      // limit (10,000 a second per region) is far above the sum.
      throttle: props.throttles.defaultRoute,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    const jwtAuthorizer = (name: string, users: UserPoolWithClient) =>
      new HttpJwtAuthorizer(name, `https://cognito-idp.${region}.amazonaws.com/${users.pool.userPoolId}`, {
        jwtAudience: [users.client.userPoolClientId],
      });
    const authorizers: Record<Exclude<RouteAuth, 'public'>, HttpJwtAuthorizer> = {
      host: jwtAuthorizer('HostAuthorizer', props.hosts),
      admin: jwtAuthorizer('AdminAuthorizer', props.admins),
    };

    const integrations = new Map<HandlerGroup, HttpLambdaIntegration>();
    const routeThrottles: { key: string; throttle: Throttle; routes: apigw.HttpRoute[] }[] = [];
    for (const route of routes) {
      if (route.localOnly) continue;
      const fn = props.functions[route.group];
      if (!fn)
        throw new Error(`No function for handler group ${route.group} (route ${route.method} ${route.path})`);
      let integration = integrations.get(route.group);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${route.group}-integration`, fn);
        integrations.set(route.group, integration);
      }
      const added = this.api.addRoutes({
        path: route.path,
        methods: [route.method as apigw.HttpMethod],
        integration,
        authorizer: route.auth === 'public' ? undefined : authorizers[route.auth],
      });
      const throttle =
        props.throttles.routes[`${route.method} ${route.path}`] ??
        (route.auth === 'host' ? props.throttles.hostRoute : undefined) ??
        (route.auth === 'admin' ? props.throttles.adminRoute : undefined);
      if (throttle) routeThrottles.push({ key: `${route.method} ${route.path}`, throttle, routes: added });
    }
    if (props.customDomain) {
      this.customDomainName = props.customDomain.name;
      this.domain = new apigw.DomainName(this, 'Domain', {
        domainName: props.customDomain.name,
        certificate: acm.Certificate.fromCertificateArn(
          this,
          'Certificate',
          props.customDomain.certificateArn,
        ),
      });
      new apigw.ApiMapping(this, 'Mapping', { api: this.api, domainName: this.domain, stage: this.stage });
    }
    for (const extra of props.extraRoutes ?? []) {
      const added = this.api.addRoutes({
        path: extra.path,
        methods: [extra.method],
        integration: new HttpLambdaIntegration(`${extra.fn.node.id}-integration`, extra.fn),
      });
      const throttle = props.throttles.routes[`${extra.method} ${extra.path}`];
      if (throttle) routeThrottles.push({ key: `${extra.method} ${extra.path}`, throttle, routes: added });
    }
    // Route settings (HttpStage has no property for them): API Gateway refuses settings of a route that does not
    // exist yet, so the stage waits for the routes it names.
    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      routeThrottles.map(({ key, throttle }) => [
        key,
        // A JSON property: CloudFormation's own names, as CDK passes it through unchanged.
        { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
      ]),
    );
    for (const { routes } of routeThrottles) for (const r of routes) cfnStage.node.addDependency(r);
  }

  /** The API's own domain, or `<api-id>.execute-api.<region>.amazonaws.com`: where CloudFront forwards `/api/*`. */
  get originDomain(): string {
    if (this.customDomainName) return this.customDomainName;
    return `${this.api.apiId}.execute-api.${Stack.of(this).region}.amazonaws.com`;
  }
}
