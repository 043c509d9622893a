/** Ids that are unique across restarts and sortable by creation time at a glance. */
export function newId(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${crypto.randomUUID().slice(0, 8)}`;
}
