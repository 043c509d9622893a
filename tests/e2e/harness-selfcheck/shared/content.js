// Self-check content script: logs from the isolated world, so the harness can show it sees it.
console.log('selfcheck-content', location.pathname);
