// Finding an element's [index] in the page engine's listing, as a model finds it by reading.

/** The index of the first line of the listing that matches. */
export function indexMatching(listing: string, pattern: RegExp): number {
  const line = listing.split('\n').find((l) => pattern.test(l));
  if (!line) throw new Error(`no line matches ${pattern} in:\n${listing}`);
  return Number(/\[(\d+)\]/.exec(line)?.[1]);
}

/** The index of the element with this role and label (a line such as `*[12]button "Save"`). */
export function indexByLabel(listing: string, role: string, label: string): number {
  const line = listing.split('\n').find((l) => l.replace(/^\*?\[\d+\]/, '').startsWith(`${role} "${label}"`));
  if (!line) throw new Error(`no ${role} "${label}" in:\n${listing}`);
  return Number(/\[(\d+)\]/.exec(line)?.[1]);
}
