import { createRouter, type Routes } from '../src/messaging/router';
import { BackgroundToContent } from '../src/protocol/background-to-content';
import { clickOne, scrollOne, typeOne } from './actions/by-index';
import { getContent, waitForElement } from './actions/by-selector';
import { fillFields } from './actions/fill-fields';
import { chooseOptions } from './actions/choose';
import { dragElement } from './actions/drag';
import { doubleClickIndex, hover } from './actions/pointer';
import { pressKey } from './actions/press-key';
import { selectTextIn } from './actions/select-text';
import { removeHighlights } from './overlay/highlight';
import { hideMask, showMask } from './overlay/mask';
import { markElement } from './actions/mark';
import { submitForm } from './actions/submit';
import { extractTable } from './actions/table';
import { describeTarget } from './describe-target';
import { acceptNextDialog, checkLeave, withDialogsSeen } from './dialogs';
import { extractPage } from './extract-page';
import { outlineTarget } from './outline-target';
import { callPageTool, listPageTools } from './page-tools';
import { readPage } from './read-page';
import { readListingPart } from './snapshot/listing-part';
import { forget } from './snapshot/registry';

/** Only Bosun itself (its background and its own pages) may drive the page. */
const BOSUN = ['extension-page'] as const;
const done = { success: true };

/**
 * The content channel's table: every request of the protocol this content script answers. An action
 * runs page code (listeners): its answer says what the dialogs answered meanwhile said (dialogs.ts).
 */
const routes: Routes<typeof BackgroundToContent, void, unknown> = {
  READ_PAGE: { senders: BOSUN, handle: ({ payload }) => readPage(payload) },
  CLICK_ELEMENT: { senders: BOSUN, handle: ({ payload }) => withDialogsSeen(() => clickOne(payload)) },
  FILL_FORM: { senders: BOSUN, handle: ({ payload }) => withDialogsSeen(() => typeOne(payload)) },
  SCROLL_PAGE: { senders: BOSUN, handle: ({ payload }) => withDialogsSeen(() => scrollOne(payload)) },
  PRESS_KEY: { senders: BOSUN, handle: ({ payload }) => withDialogsSeen(() => pressKey(payload)) },
  HOVER: { senders: BOSUN, handle: ({ payload }) => withDialogsSeen(() => hover(payload)) },
  MARK_ELEMENT: { senders: BOSUN, handle: ({ payload }) => markElement(payload) },
  DOUBLE_CLICK: { senders: BOSUN, handle: ({ payload }) => withDialogsSeen(() => doubleClickIndex(payload)) },
  DRAG: { senders: BOSUN, handle: ({ payload }) => withDialogsSeen(() => dragElement(payload)) },
  SELECT_OPTIONS: { senders: BOSUN, handle: ({ payload }) => withDialogsSeen(() => chooseOptions(payload)) },
  SELECT_TEXT: { senders: BOSUN, handle: ({ payload }) => withDialogsSeen(() => selectTextIn(payload)) },
  FILL_FIELDS: {
    senders: BOSUN,
    handle: ({ payload }) => withDialogsSeen(() => fillFields(payload.fields, payload.trusted)),
  },
  WAIT_FOR_ELEMENT: { senders: BOSUN, handle: ({ payload }) => waitForElement(payload.selector, payload.timeoutMs) },
  GET_CONTENT: { senders: BOSUN, handle: ({ payload }) => getContent(payload.type, payload.selector, payload) },
  LIST_PAGE_TOOLS: { senders: BOSUN, handle: () => listPageTools() },
  CALL_PAGE_TOOL: {
    senders: BOSUN,
    handle: ({ payload }) => withDialogsSeen(() => callPageTool(payload.name, payload.input)),
  },
  EXTRACT_PAGE: { senders: BOSUN, handle: ({ payload }) => extractPage(payload.selector) },
  DESCRIBE_TARGET: { senders: BOSUN, handle: ({ payload }) => describeTarget(payload) },
  EXTRACT_TABLE: { senders: BOSUN, handle: ({ payload }) => extractTable(payload) },
  SUBMIT_FORM: { senders: BOSUN, handle: ({ payload }) => withDialogsSeen(() => submitForm(payload)) },
  READ_LISTING: { senders: BOSUN, handle: ({ payload }) => readListingPart(payload) },
  FORGET_READING: { senders: BOSUN, handle: ({ payload }) => (forget(payload.snapshotId), done) },
  ACCEPT_NEXT_DIALOG: { senders: BOSUN, handle: ({ payload }) => (acceptNextDialog(payload.promptText), done) },
  CHECK_LEAVE: { senders: BOSUN, handle: () => withDialogsSeen(checkLeave) },
  SHOW_MASK: { senders: BOSUN, handle: () => (showMask(document), done) },
  HIDE_MASK: { senders: BOSUN, handle: () => (hideMask(), done) },
  CLEAN_UP_HIGHLIGHTS: { senders: BOSUN, handle: () => (removeHighlights(), done) },
  OUTLINE_TARGET: { senders: BOSUN, handle: ({ payload }) => outlineTarget(payload) },
};

export const routeRequest = createRouter(BackgroundToContent, routes);
