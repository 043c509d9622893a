// Self-check page: records input events for the harness and exposes
// `selfcheck.send(msg)` which talks to the background over a 'probe' port,
// reconnecting (and so waking the background) after a disconnect.
const api = globalThis.browser ?? globalThis.chrome;
const out = document.getElementById('out');
const log = (line) => (out.textContent += line + '\n');
let port = null;
let nextId = 0;
const pending = new Map();

function connect() {
  port = api.runtime.connect({ name: 'probe' });
  port.onMessage.addListener((m) => pending.get(m.id)?.(m));
  port.onDisconnect.addListener(() => { port = null; log('disconnected'); });
}

globalThis.selfcheck = {
  events: { input: 0, trustedClicks: 0, keys: [], activated: false },
  send(msg) {
    if (!port) connect();
    const id = ++nextId;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      port.postMessage({ ...msg, id });
    });
  },
  hostPermission: () => api.permissions.contains({ origins: ['<all_urls>'] }),
  portOpen: () => port !== null,
};

const ev = globalThis.selfcheck.events;
document.getElementById('field').addEventListener('input', (e) => { ev.input++; log('value:' + e.target.value); });
document.getElementById('btn').addEventListener('click', (e) => {
  if (e.isTrusted) ev.trustedClicks++;
  ev.activated = navigator.userActivation?.isActive ?? null;
  log('clicked');
});
document.addEventListener('keydown', (e) => ev.keys.push((e.shiftKey && e.key !== 'Shift' ? 'Shift+' : '') + e.key));
globalThis.selfcheck.ready = true;
