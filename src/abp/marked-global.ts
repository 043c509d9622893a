/**
 * The global of Bosun's content-script world where mark_element leaves the element it named, for the
 * bridge to take with the engine's privileged access to that world; the page cannot see or change it.
 */
export const MARKED_GLOBAL = 'bosunMarked';
