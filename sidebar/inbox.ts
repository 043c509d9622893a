import { batch, type Signal } from '@preact/signals';
import type { BackgroundToSidebar, BackgroundToSidebarType } from '../src/protocol/background-to-sidebar';
import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';

type MessageOfType<T extends BackgroundToSidebarType> = Extract<BackgroundToSidebar, { type: T }>;

/** One handler for each of the message types `K`. */
export type Handlers<K extends BackgroundToSidebarType> = { readonly [T in K]: (message: MessageOfType<T>) => void };

/**
 * The sidebar's inbox: a handler for every message type the background sends. Being a mapped type
 * over the protocol's table, a message type added there without a handler here fails the type check.
 */
export type Inbox = Handlers<BackgroundToSidebarType>;

/**
 * What a domain undoes when the background refuses one of its requests (an `ERROR` whose `inReplyTo`
 * names the request's type): a test that shows "testing", a plan being made, a microphone opening.
 * A domain that shows the error in its own view, next to its cause, returns true: then no notice.
 */
export type Refusals = { readonly [T in SidebarToBackground['type']]?: (error: string) => boolean | void };

/** A domain's part of the inbox: the messages it owns and the refusals it undoes. */
export interface InboxPart<K extends BackgroundToSidebarType> {
  handlers: Handlers<K>;
  refusals?: Refusals;
}

/** Exports the person asked for, saved as files. */
type FileTypes = 'CONVERSATION_EXPORT' | 'CRAWL_JOB_EXPORT';
/** What the voice controller handles: it owns the microphone. */
export type VoiceTypes = Extract<BackgroundToSidebarType, `VOICE_${string}`>;
/**
 * What the sidebar's signals take: everything else but ERROR. A new message type lands here, so the
 * state's handler table must name it.
 */
export type StateTypes = Exclude<BackgroundToSidebarType, VoiceTypes | FileTypes | 'SITE_NAME' | 'ERROR'>;

export interface InboxParts {
  /** Where a refusal is shown, unless the domain that asked shows it in its view. */
  notice: Signal<string | null>;
  /** The sidebar's signals: conversation, settings, permissions, history, library, workflows. */
  state: InboxPart<StateTypes>;
  voice: InboxPart<VoiceTypes>;
  files: Handlers<FileTypes>;
  /** Site names the background gives (site-names.ts). */
  sites: Handlers<'SITE_NAME'>;
}

/** The domain that undoes a refused request, found by the request's type; none for other types. */
function refusalOf(refusals: Refusals, inReplyTo: string | null): ((error: string) => boolean | void) | undefined {
  if (inReplyTo === null || !Object.hasOwn(refusals, inReplyTo)) return undefined;
  return refusals[inReplyTo as SidebarToBackground['type']];
}

/**
 * Builds the one inbox from its domains' parts. `ERROR` is routed here and only here: the domain whose
 * request it answers undoes what the request started, and its text becomes the notice unless that
 * domain showed it where the request was made.
 */
export function createInbox(parts: InboxParts): Inbox {
  const refusals: Refusals = { ...parts.state.refusals, ...parts.voice.refusals };
  const error: Handlers<'ERROR'> = {
    ERROR: (message) => {
      const shownInView = refusalOf(refusals, message.payload.inReplyTo)?.(message.payload.error) === true;
      if (!shownInView) parts.notice.value = message.payload.error;
    },
  };
  return { ...parts.state.handlers, ...parts.voice.handlers, ...parts.files, ...parts.sites, ...error };
}

/** Hands a message to its handler; the signals it changes update the view once. */
export function deliver(inbox: Inbox, message: BackgroundToSidebar): void {
  const handler = inbox[message.type] as (message: BackgroundToSidebar) => void;
  batch(() => handler(message));
}
