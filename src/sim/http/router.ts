/**
 * A small path router: literal segments, `{name}` parameters and a trailing `**` (any rest).
 * A literal segment beats a parameter, which beats `**`, so `/device/code` wins over
 * `/device/{deviceId}` for POST while GET `/device/code` still reaches the parameter route.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export interface RouteDefinition<H> {
  /** `*` answers every method */
  readonly method: Method | '*';
  readonly pattern: string;
  readonly handler: H;
}

export type RouteLookup<H> =
  | { kind: 'found'; route: RouteDefinition<H>; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

type Segment = { kind: 'literal'; text: string } | { kind: 'param'; name: string } | { kind: 'rest' };

interface CompiledRoute<H> {
  definition: RouteDefinition<H>;
  segments: Segment[];
}

export class Router<H> {
  private readonly routes: CompiledRoute<H>[] = [];

  add(definitions: ReadonlyArray<RouteDefinition<H>>): this {
    for (const definition of definitions) {
      this.routes.push({ definition, segments: compile(definition.pattern) });
    }
    return this;
  }

  /** `path` is the raw (still percent-encoded) pathname; parameters come back decoded. */
  lookup(method: string, path: string): RouteLookup<H> {
    const parts = splitPath(path);
    if (parts === undefined) return { kind: 'not-found' };
    let best: { route: CompiledRoute<H>; params: Record<string, string>; score: number[] } | undefined;
    const allowed = new Set<string>();
    for (const route of this.routes) {
      const matched = match(route.segments, parts);
      if (!matched) continue;
      const { method: routeMethod } = route.definition;
      if (routeMethod !== '*' && routeMethod !== method) {
        allowed.add(routeMethod);
        continue;
      }
      if (!best || compareScores(matched.score, best.score) > 0) best = { route, ...matched };
    }
    if (best) return { kind: 'found', route: best.route.definition, params: best.params };
    if (allowed.size > 0) return { kind: 'method-not-allowed', allowed: [...allowed].sort() };
    return { kind: 'not-found' };
  }
}

function compile(pattern: string): Segment[] {
  return pattern
    .split('/')
    .filter((s) => s !== '')
    .map((s): Segment => {
      if (s === '**') return { kind: 'rest' };
      const param = /^\{(\w+)\}$/.exec(s);
      return param?.[1] ? { kind: 'param', name: param[1] } : { kind: 'literal', text: s };
    });
}

/** Decoded segments; undefined when a segment is not valid percent-encoding. A trailing slash is ignored. */
function splitPath(path: string): string[] | undefined {
  const raw = path.split('/').filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1));
  try {
    return raw.map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

function match(segments: Segment[], parts: string[]): { params: Record<string, string>; score: number[] } | undefined {
  const params: Record<string, string> = {};
  const score: number[] = [];
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i] as Segment;
    if (segment.kind === 'rest') {
      score.push(0);
      return { params, score };
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.kind === 'literal') {
      if (segment.text !== part) return undefined;
      score.push(2);
    } else {
      if (part === '') return undefined;
      params[segment.name] = part;
      score.push(1);
    }
  }
  return parts.length === segments.length ? { params, score } : undefined;
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}
