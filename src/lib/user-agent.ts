/** A short, human name for a browser's User-Agent ("Chrome · Windows"); '' when unknown. */
export function describeUserAgent(ua: string): string {
  if (!ua) return '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /MicroMessenger/i.test(ua)
        ? 'WeChat'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : /curl\//i.test(ua)
                ? 'curl'
                : '';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return [browser, os].filter(Boolean).join(' · ');
}
