// A worker script for bounded-worker-pool.test.ts: answers, hangs, runs out of memory or stops,
// as each message asks.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', ({ id, data }) => {
  if (data === 'hang') return;
  if (data === 'exit') process.exit(3);
  if (data === 'oom') {
    const hoard = [];
    for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));
  }
  if (data === 'refuse')
    return parentPort.postMessage({ id, answer: { kind: 'refused', code: 'bad', message: 'no' } });
  parentPort.postMessage({ id, answer: { kind: 'done', value: { echo: data, threadId } } });
});
