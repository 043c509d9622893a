// Self-check background: answers the 'probe' port. `count` and `bootId` live
// only in memory, so a restarted background starts again from count 1.
const api = globalThis.browser ?? globalThis.chrome;
const bootId = Math.random().toString(36).slice(2);
let count = 0;
// Proves the harness sees errors from the very first moments of a boot.
console.error('selfcheck-boot');

api.runtime.onConnect.addListener((port) => {
  if (port.name !== 'probe') return;
  port.onMessage.addListener(async (msg) => {
    const reply = { id: msg.id, bootId, count: ++count };
    try {
      if (msg.type === 'fetch') {
        const res = await fetch(msg.url);
        Object.assign(reply, { status: res.status, body: await res.text() });
      } else if (msg.type === 'console-log') {
        console.log('selfcheck-log:', msg.text);
      } else if (msg.type === 'console-error') {
        console.error('selfcheck-error:', msg.text);
      } else if (msg.type === 'throw') {
        setTimeout(() => { throw new Error(msg.text); });
      } else if (msg.type === 'reject') {
        Promise.reject(new Error(msg.text));
      } else {
        reply.echo = msg.data;
      }
    } catch (err) {
      reply.error = String(err);
    }
    port.postMessage(reply);
  });
});
