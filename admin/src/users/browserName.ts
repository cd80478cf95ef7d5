/** The browsers and systems a User-Agent names, the more specific first (Edge and Opera say Chrome too, Chrome says Safari). */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'], [/OPR\/|Opera/, 'Opera'], [/Firefox\/|FxiOS\//, 'Firefox'], [/Chrom(e|ium)\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'], [/Android/, 'Android'], [/Windows/, 'Windows'], [/Mac OS X|Macintosh/, 'macOS'], [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (list: Array<[RegExp, string]>, text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/** A session's browser and system in a few words ("Chrome", "Windows"), from its User-Agent; undefined where unknown. */
export function browserOf(userAgent: string | null): { browser?: string; os?: string } {
  return userAgent ? { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) } : {};
}
