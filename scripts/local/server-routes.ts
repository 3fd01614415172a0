/** API Gateway's route selection over the shared route table (`functions/api/routes.ts`). */
import type { RouteDefinition } from '../../functions/api/routes';
import { escapeRegExp, safeDecode } from './server-http';

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

/**
 * API Gateway's route selection: the most specific path wins (literal segments before `{param}`, `{param}` before
 * a greedy `{proxy+}`); a path that matches only with another method is not a route (404, as in AWS).
 */
export function createRouteMatcher(routes: RouteDefinition[]) {
  const compiled = routes.map((route) => {
    const names: string[] = [];
    let literalSegments = 0;
    let greedy = false;
    const pattern = route.path
      .split('/')
      .map((segment) => {
        const param = /^\{([A-Za-z0-9_]+)(\+?)\}$/.exec(segment);
        if (!param) {
          literalSegments += 1;
          return escapeRegExp(segment);
        }
        names.push(param[1]!);
        if (param[2]) {
          greedy = true;
          return '(.+)';
        }
        return '([^/]+)';
      })
      .join('/');
    return { route, names, regex: new RegExp(`^${pattern}$`), literalSegments, greedy };
  });
  return (method: string, path: string): RouteMatch | null => {
    let best: (typeof compiled)[number] | undefined;
    let bestValues: string[] = [];
    for (const c of compiled) {
      if (c.route.method !== method) continue;
      const m = c.regex.exec(path);
      if (!m) continue;
      if (
        !best ||
        (best.greedy && !c.greedy) ||
        (best.greedy === c.greedy && c.literalSegments > best.literalSegments)
      ) {
        best = c;
        bestValues = m.slice(1);
      }
    }
    if (!best) return null;
    const pathParameters: Record<string, string> = {};
    best.names.forEach((name, i) => {
      pathParameters[name] = safeDecode(bestValues[i] ?? '');
    });
    return { route: best.route, pathParameters };
  };
}
