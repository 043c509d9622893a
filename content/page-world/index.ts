// The one script Bosun puts in every page, in the page's own world at document_start (the manifest's
// MAIN-world content script): what the content script cannot do from its isolated world.
import './handlers';
import './dialogs';
import './leave-page';
import './shadow-hosts';
