/** A trusted press the background refused because the page changed what it would land on: the action fails with `message`. */
export class PressRefused extends Error {}
