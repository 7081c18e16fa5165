/**
 * The relative links of a Markdown file, and the anchors its headings make (GitHub's slugs), for
 * checking the links of the files the package ships from where they are installed.
 */

/** GitHub's anchor for a heading: lower case, punctuation dropped but hyphens, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function headingAnchors(text: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (heading) out.add(slug(heading[1]!));
  }
  return out;
}

/** Targets of `[text](target)` and `[label]: target` outside code that are not URLs (`https:`, `mailto:`). */
export function relativeLinks(text: string): string[] {
  const prose = text.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2\s*$/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
  const references = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...references].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}
