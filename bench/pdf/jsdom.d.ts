// jsdom ships no types and the project has no @types/jsdom: the one constructor this benchmark uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
