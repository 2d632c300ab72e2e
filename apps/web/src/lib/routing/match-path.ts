export type Params = Record<string, string | undefined>;

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The params of `pathname` if it matches `pattern` (`/reports/:reportId`; `*` matches anything),
 * else null. Letter case and a trailing slash do not matter, as with the server's routes.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern === '*') return {};
  const names: string[] = [];
  const source = pattern
    .replace(/\/+$/, '')
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  const match = new RegExp(`^${source}/*$`, 'i').exec(pathname);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, decode(match[index + 1] ?? '')]));
}
