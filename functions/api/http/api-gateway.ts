/**
 * The shapes API Gateway (HTTP API, payload format 2.0) hands a Lambda and expects back: only the fields our
 * handlers and the local server use. The Lambda context is `@types/aws-lambda`'s, which middy's types require.
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html
 */
import type { Context } from 'aws-lambda';
export interface HttpApiJwtAuthorizer {
  jwt: {
    /** Every claim as a string (API Gateway stringifies numbers and booleans and renders arrays as `[a b]`). */
    claims: Record<string, string>;
    scopes: string[] | null;
  };
}

export interface HttpApiEvent {
  version: '2.0';
  /** `GET /api/experiences/{id}`: the route as declared, which is what handlers dispatch on. */
  routeKey: string;
  rawPath: string;
  rawQueryString: string;
  cookies?: string[];
  /** Lower-cased names; repeated headers joined with commas. */
  headers: Record<string, string>;
  queryStringParameters?: Record<string, string>;
  pathParameters?: Record<string, string>;
  stageVariables?: Record<string, string>;
  requestContext: {
    accountId: string;
    apiId: string;
    domainName: string;
    domainPrefix: string;
    http: { method: string; path: string; protocol: string; sourceIp: string; userAgent: string };
    requestId: string;
    routeKey: string;
    stage: string;
    time: string;
    timeEpoch: number;
    authorizer?: HttpApiJwtAuthorizer;
  };
  body?: string;
  isBase64Encoded: boolean;
}

export interface HttpApiStructuredResult {
  statusCode: number;
  headers?: Record<string, string | number | boolean>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}

/**
 * What a handler may return. A string or any object without `statusCode` is what API Gateway calls a plain result:
 * it becomes a 200 with a JSON content type.
 */
export type HttpApiResult = HttpApiStructuredResult | string | Record<string, unknown>;

/** The Lambda context (middy's handlers are typed with it); the local server builds one per invocation. */
export type LambdaContext = Context;

/** A context as Lambda hands one over, for the local server and tests that invoke a handler directly. */
export function lambdaContextFor(functionName: string, requestId: string, timeoutMs = 30_000): LambdaContext {
  const deadline = Date.now() + timeoutMs;
  const unsupported = () => {
    throw new Error('Callback-style completion is not used by these handlers');
  };
  return {
    awsRequestId: requestId,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    callbackWaitsForEmptyEventLoop: true,
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}
