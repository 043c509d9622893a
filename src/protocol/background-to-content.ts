import * as v from 'valibot';
import { bare, message, nonEmptyText, type MessageOf } from './envelope';

const Selector = nonEmptyText(2000);

/** Requests the background sends to a tab's content script with `tabs.sendMessage`. */
export const BackgroundToContent = {
  READ_PAGE: bare('READ_PAGE'),
  CLICK_ELEMENT: message('CLICK_ELEMENT', v.strictObject({ selector: Selector })),
  FILL_FORM: message(
    'FILL_FORM',
    v.strictObject({ selector: Selector, text: v.pipe(v.string(), v.maxLength(100_000)), submit: v.optional(v.boolean()) }),
  ),
  SCROLL_PAGE: message('SCROLL_PAGE', v.strictObject({ direction: v.picklist(['up', 'down', 'top', 'bottom']) })),
  START_VOICE_INPUT: bare('START_VOICE_INPUT'),
  STOP_VOICE_INPUT: bare('STOP_VOICE_INPUT'),
  START_SPEECH_RECOGNITION: bare('START_SPEECH_RECOGNITION'),
  STOP_SPEECH_RECOGNITION: bare('STOP_SPEECH_RECOGNITION'),
};
export type BackgroundToContent = MessageOf<typeof BackgroundToContent>;

const Product = v.object({
  name: v.optional(v.string()),
  price: v.optional(v.string()),
  currency: v.optional(v.string()),
  brand: v.optional(v.string()),
  rating: v.optional(v.string()),
});

/** The replies content scripts give, validated by the background before use. */
export const ContentResponses = {
  READ_PAGE: v.object({
    title: v.string(),
    url: v.string(),
    markdown: v.string(),
    product: v.optional(v.nullable(Product)),
    interactiveElements: v.string(),
  }),
  ACTION: v.object({ success: v.boolean(), message: v.optional(v.string()), error: v.optional(v.string()) }),
};
