/**
 * Stops a model that keeps doing the same thing: the same tool, with the same arguments, with
 * the same result (so the page did not change) for the third time in a row.
 */
export const REPEAT_LIMIT = 3;

export function createRepeatDetector(limit = REPEAT_LIMIT) {
  let last = '';
  let count = 0;
  return {
    /** Records a finished call; true when it is the `limit`-th identical one in a row. */
    record(name: string, args: unknown, result: string): boolean {
      const key = `${name}\u0000${JSON.stringify(args)}\u0000${result}`;
      count = key === last ? count + 1 : 1;
      last = key;
      return count >= limit;
    },
  };
}
