/** Characters every file system and ZIP tool accepts in a name. */
const unsafe = /[^a-z0-9._-]+/gi;

/** "https://docs.example.com/guide/intro?x=1" → "docs.example.com_guide_intro_x_1": readable, and safe in any archive. */
export function fileNameForUrl(url: string): string {
  const { host, pathname, search } = new URL(url);
  const name = `${host}${pathname}${search}`
    .replace(unsafe, '_')
    .replace(/_+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '');
  return name.slice(0, 120) || 'page';
}

/** The site a job crawled, as a name: "www.example.com" → "example.com". */
export function domainName(baseUrl: string): string {
  const host = URL.canParse(baseUrl) ? new URL(baseUrl).hostname : '';
  return host.replace(/^www\./, '').replace(unsafe, '_') || 'site';
}

/** Makes names unique in one folder: "a", "a-2", "a-3". */
export function uniqueNames() {
  const seen = new Map<string, number>();
  return (name: string, extension: string): string => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return `${count === 1 ? name : `${name}-${count}`}.${extension}`;
  };
}
