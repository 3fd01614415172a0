/**
 * The shapes API Gateway (HTTP API, payload format 2.0) hands a Lambda and expects back. Written here because the
 * project does not depend on `@types/aws-lambda`; only the fields our handlers and the local server use.
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html
 */
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

/** The part of the Lambda context our code uses; the local server builds one per invocation. */
export interface LambdaContext {
  awsRequestId: string;
  functionName: string;
  getRemainingTimeInMillis(): number;
  callbackWaitsForEmptyEventLoop: boolean;
}
