// The one script Bosun puts in every page's own world at document_start (the manifest's MAIN-world
// content script): what the content script cannot do from its isolated world. Its built-ins and
// its channel come first, before any page script can replace what they take.
import './natives';
import './channel';
import './handlers';
import './dialogs';
import './leave-page';
import './shadow-hosts';
import './page-tools';
