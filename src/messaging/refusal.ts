/**
 * A handler's "no": why a request was not done, in words for the person. Every handler of every
 * channel says no this one way; the router answers it as the channel's error reply (ERROR on the
 * sidebar's port), naming the message it refuses, so no handler builds an error message itself.
 */
export class Refusal {
  constructor(readonly reason: string) {}
}

export const refuse = (reason: string): Refusal => new Refusal(reason);
