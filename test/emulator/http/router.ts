// Minimal path router: patterns like `/v1/emails/:id`; tells "no such path" apart from
// "path exists, wrong method".

export type RouteParams = Record<string, string>;

interface Route<H> {
  method: string;
  parts: string[];
  handler: H;
}

export type RouteMatch<H> =
  | { kind: 'found'; handler: H; params: RouteParams }
  | { kind: 'wrong_method'; allowed: string[] }
  | { kind: 'none' };

export function createRouter<H>() {
  const routes: Route<H>[] = [];
  const matchParts = (route: Route<H>, segments: string[]): RouteParams | null => {
    if (route.parts.length !== segments.length) return null;
    const params: RouteParams = {};
    for (let i = 0; i < segments.length; i++) {
      const part = route.parts[i]!;
      const segment = segments[i]!;
      if (part.startsWith(':')) {
        if (segment === '') return null;
        try {
          params[part.slice(1)] = decodeURIComponent(segment);
        } catch {
          return null;
        }
      } else if (part !== segment) return null;
    }
    return params;
  };
  return {
    add(method: string, pattern: string, handler: H) {
      routes.push({ method, parts: pattern.split('/').slice(1), handler });
    },
    match(method: string, path: string): RouteMatch<H> {
      const segments = path.split('/').slice(1);
      const allowed: string[] = [];
      for (const route of routes) {
        const params = matchParts(route, segments);
        if (!params) continue;
        if (route.method === method) return { kind: 'found', handler: route.handler, params };
        allowed.push(route.method);
      }
      return allowed.length > 0 ? { kind: 'wrong_method', allowed } : { kind: 'none' };
    },
  };
}
